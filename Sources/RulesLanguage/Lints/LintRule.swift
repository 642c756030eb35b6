/// The description of one lint: its stable code, the services whose rules it applies to, what it
/// finds, the one-line fix, and examples that are both its documentation and its tests (each
/// `triggering` body must produce the code, each `nonTriggering` one must stay silent). Bodies are
/// placed inside the root match of a rules v2 file of the rule's first service
/// (`exampleFile(_:)`): `match /databases/{database}/documents { ... }` for Firestore,
/// `match /b/{bucket}/o { ... }` for Storage.
package struct LintRule: Sendable {
  package var code: DiagnosticCode
  /// The services whose files the lint checks: a lint about documents, collections or queries is
  /// Firestore's only; one about who may read or write, or about types, applies to both.
  package var services: Set<RulesService.Kind>
  package var summary: String
  package var fixHint: String
  package var triggering: [String]
  package var nonTriggering: [String]
  /// The version the example files declare (`.v1`: no `rules_version` line).
  package var exampleVersion: RulesVersion

  package init(
    code: DiagnosticCode, services: Set<RulesService.Kind> = [.firestore], summary: String, fixHint: String,
    triggering: [String], nonTriggering: [String], exampleVersion: RulesVersion = .v2
  ) {
    self.code = code
    self.exampleVersion = exampleVersion
    self.services = services
    self.summary = summary
    self.fixHint = fixHint
    self.triggering = triggering
    self.nonTriggering = nonTriggering
  }

  /// Both services.
  package static let everyService: Set<RulesService.Kind> = [.firestore, .storage]

  /// Whether the lint checks files of `service`.
  package func applies(to service: RulesService) -> Bool { services.contains(service.kind) }

  /// The service the examples are written for: Firestore when the lint applies to it, else
  /// Storage.
  package var exampleService: RulesService { services.contains(.firestore) ? .firestore : .storage }

  /// The lines a rules file of the example service and version puts before an example body
  /// (the body then closes with `exampleSuffix`).
  package var examplePrefix: String {
    let service = exampleService
    let version = exampleVersion == .v2 ? "rules_version = '2';\n" : ""
    return version + "service \(service.name) {\n  match \(service.rootText) {\n"
  }
  package static let exampleSuffix = "\n  }\n}\n"

  /// `body` inside the root match of a file of the example service and version.
  package func exampleFile(_ body: String) -> String { examplePrefix + body + Self.exampleSuffix }

  /// A warning with this rule's code and, as the last note, `fix` (the finding's own fix, naming
  /// its field) or else the rule's general fix hint.
  func warning(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [], fix: String? = nil)
    -> Diagnostic
  {
    .warning(code, message, at: range, notes: notes + [Diagnostic.Note("fix: \(fix ?? fixHint)")])
  }
}

/// One lint: a description and a pass over the model.
protocol Lint: Sendable {
  static var rule: LintRule { get }
  static func run(_ model: LintModel) -> [Diagnostic]
}
