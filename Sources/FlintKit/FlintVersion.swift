import CFlintBuild

/// The release, and the rules language it implements, for `flint --version`.
package enum FlintVersion {
  package static let release = "0.1.0"
  /// The Firestore rules language versions Flint evaluates (spec §6.9).
  package static let rulesLanguage = "rules_version '2' (and '1' when a file declares no version)"

  /// The commit the binary was built from (`git rev-parse --short=12 HEAD`, with `-modified` when
  /// the work tree had uncommitted changes), or nil when the build did not record one: `make dist`
  /// records it, a plain `swift build` does not.
  package static let commit: String? = {
    let text = String(cString: flint_build_commit())
    return text.isEmpty ? nil : text
  }()

  /// `flint 0.1.0 (commit 401a377cd3e2) (Cloud Firestore security rules: rules_version '2' ...)`,
  /// without the commit part when none was recorded.
  package static var text: String {
    let built = commit.map { " (commit \($0))" } ?? ""
    return "flint \(release)\(built) (Cloud Firestore security rules: \(rulesLanguage))"
  }
}
