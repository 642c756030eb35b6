import FirestoreModel
import RulesLanguage

/// `Docs/lints.md`, written from the lints' own descriptions (`RulesLinter.rules`: code,
/// summary, fix, examples), so a new lint documents itself; a golden test keeps the page equal
/// to `markdown` (`UPDATE_GOLDENS=1` rewrites it). The page's anchors are also where
/// `flint check --format sarif` sends each code's `helpUri`.
package enum LintCatalogue {
  /// Flint's repository: the SARIF tool's `informationUri`.
  package static let repository = "https://github.com/flint-rules/flint"
  /// The page, relative to the repository root.
  package static let path = "Docs/lints.md"
  /// Where the compiler's own checks (`lex.*`, `parse.*`, `check.*`, `source.*`) are described.
  package static let checksPath = "Docs/commands/check.md"

  /// SARIF's links: each lint to its heading on the page, every other code to `flint check`'s page.
  package static let sarifDocumentation = SARIFDocumentation(informationURI: repository, helpURI: helpURI)

  /// The absolute URI documenting `code`.
  package static func helpURI(_ code: DiagnosticCode) -> String {
    let blob = repository + "/blob/main/"
    guard isLint(code) else { return blob + checksPath }
    return blob + path + "#" + anchor(code)
  }

  /// The anchor GitHub gives the heading of `code`, which is the code itself: its slug keeps
  /// letters, digits and `-`, so `security.open-write` becomes `securityopen-write`.
  package static func anchor(_ code: DiagnosticCode) -> String {
    String(code.rawValue.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" })
  }

  static func isLint(_ code: DiagnosticCode) -> Bool {
    RulesLinter.rules.contains { $0.code == code }
  }

  /// The groups of the page, in `RulesLinter`'s order: a code's group is its prefix.
  static let groups: [(prefix: String, title: String, about: String)] = [
    ("security.", "Security", "Access wider than the rules seem to grant."),
    ("misconception.", "Misconceptions", "Rules written as if they could do what the rules language cannot."),
    ("type.", "Types", "Conditions whose types make them deny, or decide nothing."),
    ("limit.", "Limits", "Rules that run into the limits on lookups and write rates."),
  ]

  /// The whole page.
  package static func markdown() -> String {
    var page = header
    let rules = RulesLinter.rules
    for group in groups {
      let members = rules.filter { $0.code.rawValue.hasPrefix(group.prefix) }
      guard !members.isEmpty else { continue }
      page += "\n## \(group.title)\n\n\(group.about)\n\n"
      page += members.map { "- [`\($0.code.rawValue)`](#\(anchor($0.code))): \($0.summary)" }.joined(separator: "\n")
      page += "\n"
      for rule in members { page += section(rule) }
    }
    let grouped = rules.filter { rule in groups.contains { rule.code.rawValue.hasPrefix($0.prefix) } }
    if grouped.count != rules.count {
      page += "\n## Other\n"
      for rule in rules where !grouped.contains(where: { $0.code == rule.code }) { page += section(rule) }
    }
    return page + storage
  }

  static let header = """
    <!-- Generated from the lints' descriptions (Sources/RulesLanguage/Lints/) by FlintKit's LintCatalogue: \
    do not edit. UPDATE_GOLDENS=1 swift test --filter LintCatalogueTests rewrites it. -->
    # Lints: rules that compile but are unsafe

    `flint check` also reports rules that Google deploys but that are open, expire, or rest on a
    misunderstanding of what rules can do. Every lint is a warning (a file Google's compiler accepts is
    never an error), ends with a one-line `fix:` note, and errs toward silence: the well-written rules in
    `Corpus/rules/valid` and the sample project produce none. The examples below are the lints' own
    tests, each written inside `match /databases/{database}/documents { ... }` of a rules v2 file; the
    warnings shown are what `flint check` prints for them (a Cloud Storage lint's examples are written
    inside `match /b/{bucket}/o { ... }` of a `service firebase.storage` file). Each lint says which
    services' files it checks; a Storage file never gets a lint about documents, collections or queries.
    Each lint also has golden cases in `Corpus/rules/lints/`.

    Silence a lint on its line, or on the line below a comment standing alone
    (`// flint:ignore` with no code silences every warning there; errors cannot be silenced):

    ```
    allow read: if true;  // flint:ignore security.open-read
    // flint:ignore security.open-write, security.recursive-write
    allow write: if request.auth.uid == 'ops-robot';
    ```

    The compiler's own checks (`check.*`, `parse.*`) are described with
    [`flint check`](commands/check.md). With `--format sarif`, each lint's `helpUri` points at its
    heading here.

    """

  /// The lints' precision on real Cloud Storage rules, measured by hand (update it when a
  /// Storage lint changes).
  static let storage = """

    ## Cloud Storage

    A `service firebase.storage` file gets the lints that apply to Storage (each section above says
    which services a lint checks): the shared ones speak of objects and folders, lookups are
    `firestore.get()`/`firestore.exists()` with Storage's limit of 2 documents per request, and the
    lints about documents, collections, fields and queries stay out. Measured on 96 real
    `storage.rules` files from public repositories (11 of them Firebase's own samples and CLI
    fixtures), every finding read by hand; "right" means the statement is true of the rules and
    worth a maintainer's time. All 96 files are accepted.

    | Lint | Fires (allows / files of 96) | Right | Precision |
    |---|---|---|---|
    | `security.unbounded-upload` | 95 / 40 | 95 | 100% |
    | `security.active-content-type` | 72 / 37 | 72 (one SVG-intent path exempted) | 100% |
    | `security.signed-in-only-write` | 50 / 23 | 50 | 100% |
    | `misconception.list-needs-version-2` | 9 / 9 (every version 1 file) | 9 | 100% |
    | `security.open-read` (whole bucket only) | 8 / 8 | 8 | 100% |
    | `security.open-write` | 6 / 4 | 6 | 100% |
    | `security.overlapping-allow` | 4 / 4 | 4 | 100% |
    | `security.recursive-write` | 1 / 1 | 1 | 100% |
    | `misconception.named-database-lookup` | 1 / 1 | 1 | 100% (small n) |
    | `misconception.upload-stored-field` | 0 / 0 | - | not measurable |

    Before the lints knew the service, `misconception.match-names-field` fired 97 times on these files
    (Storage paths have no collection/document parity) and `security.open-read` 42 times, mostly on
    public folders, whose subfolders are meant public with them.

    """

  static func section(_ rule: LintRule) -> String {
    var text = "\n### \(rule.code.rawValue)\n\n"
    text += sentence(rule.summary) + "\n\n"
    let services = RulesService.known.filter { rule.applies(to: $0) }
    text += "**Applies to:** " + services.map(\.title).joined(separator: ", ") + "."
    if rule.exampleService.kind != .firestore || rule.exampleVersion != .v2 {
      let version = rule.exampleVersion == .v2 ? "a rules v2 file" : "a rules v1 file (no `rules_version` line)"
      text += " The examples are written inside `match \(rule.exampleService.rootText) { ... }` of \(version)."
    }
    text += "\n\n"
    text += "**Fix:** " + sentence(rule.fixHint) + "\n\n"
    text += "Reported:\n"
    for example in rule.triggering {
      text += "\n```\n\(example)\n```\n"
      let warnings = findings(rule, example)
      if !warnings.isEmpty { text += "\n```text\n" + warnings.joined(separator: "\n") + "\n```\n" }
    }
    text += "\nNot reported:\n"
    for example in rule.nonTriggering { text += "\n```\n\(example)\n```\n" }
    return text
  }

  /// The example's findings of `rule`, lines counted from the example's first line, each with its
  /// notes but the rule's general fix.
  package static func findings(_ rule: LintRule, _ example: String) -> [String] {
    let source = SourceFile(name: "example.rules", text: rule.exampleFile(example))
    let offset = rule.examplePrefix.count { $0 == "\n" }
    return RulesLinter.check(source, patterns: .engine).diagnostics.filter { $0.code == rule.code }.map { diagnostic in
      let at = source.location(of: diagnostic.range.start)
      var lines = "\(at.line - offset):\(at.column): warning: \(diagnostic.message)"
      // The rule's own fix is printed once above the examples; a finding's own fix (naming its field) is kept.
      for note in diagnostic.notes where note.message != "fix: \(rule.fixHint)" { lines += "\n  \(note.message)" }
      return lines
    }
  }

  /// `text` with a capital first letter and a full stop.
  static func sentence(_ text: String) -> String {
    let capital = text.prefix(1).uppercased() + text.dropFirst()
    return capital.hasSuffix(".") ? capital : capital + "."
  }
}
