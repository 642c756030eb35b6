/// A Firebase service whose rules are written in the rules language (`service cloud.firestore`,
/// `service firebase.storage`): the one place that says, per service, what its rules sit under,
/// which methods a request has and which global names its rules see. The checks, the lints, the
/// engine and the solver ask this value instead of comparing the service's name, so a second
/// service is a second value rather than a branch in each of them.
package struct RulesService: Hashable, Sendable {
  /// The name written after `service`.
  package var name: String
  /// What users call it ("Cloud Firestore").
  package var title: String
  /// The match path every rule of the service sits under, e.g. `/databases/{database}/documents`:
  /// its literal segments are fixed, its wildcards may have any name (or be a literal value).
  package var root: [MatchSegment.Kind]
  /// The methods an `allow` statement may name (`read` and `write` are groups).
  package var methods: [Method]
  /// The global variables its rules see (rules-language §5.4).
  package var globalVariables: Set<String>
  /// Whether Flint checks, evaluates and compares rules of this service.
  package var isChecked: Bool

  /// Cloud Firestore: documents under `/databases/{database}/documents`.
  package static let firestore = RulesService(
    name: "cloud.firestore", title: "Cloud Firestore",
    root: [.literal("databases"), .wildcard("database"), .literal("documents")], methods: Method.allCases,
    globalVariables: BuiltinNames.globalVariables, isChecked: true)

  /// Cloud Storage: objects under `/b/{bucket}/o`. Recognised, not yet checked.
  package static let storage = RulesService(
    name: "firebase.storage", title: "Cloud Storage", root: [.literal("b"), .wildcard("bucket"), .literal("o")],
    methods: Method.allCases, globalVariables: ["request", "resource"], isChecked: false)

  /// Every service Flint knows.
  package static let known: [RulesService] = [firestore, storage]

  /// The known service called `name`, if any.
  package static func named(_ name: String) -> RulesService? {
    known.first { $0.name == name }
  }

  /// The root as written in a `match` header, e.g. `/databases/{database}/documents`.
  package var rootText: String { root.map { "/" + MatchSegment($0).description }.joined() }

  /// The length of the root at the start of `segments`, or nil when they do not start with it.
  /// A wildcard of the root matches a segment of any kind (`/databases/(default)/…` names one
  /// database) or, with `wildcardsOnly`, only a wildcard.
  package func rootLength(of segments: [MatchSegment.Kind], wildcardsOnly: Bool = false) -> Int? {
    guard segments.count >= root.count else { return nil }
    for (expected, written) in zip(root, segments) {
      switch (expected, written) {
      case (.literal(let a), .literal(let b)) where a == b: continue
      case (.wildcard, .wildcard): continue
      case (.wildcard, _) where !wildcardsOnly: continue
      default: return nil
      }
    }
    return root.count
  }
}
