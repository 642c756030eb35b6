/// The release, and the rules language it implements, for `flint --version`.
public enum FlintVersion {
  public static let release = "0.1.0"
  /// The Firestore rules language versions Flint evaluates (spec §6.9).
  public static let rulesLanguage = "rules_version '2' (and '1' when a file declares no version)"

  /// `flint 0.1.0 (Cloud Firestore security rules: rules_version '2' ...)`.
  public static var text: String {
    "flint \(release) (Cloud Firestore security rules: \(rulesLanguage))"
  }
}
