/// A Firebase service whose rules are written in the rules language (`service cloud.firestore`,
/// `service firebase.storage`): the one place that says, per service, what its rules sit under,
/// which methods a request has, what `request` and `resource` hold and their types, which lookup
/// functions its rules call and their limits. The checks, the lints, type inference, the engine,
/// the solver, the language server and the suites ask this value instead of comparing the
/// service's name, so a second service is a second value rather than a branch in each of them.
/// The two values are in `RulesService+Firestore.swift` and `RulesService+Storage.swift`.
package struct RulesService: Sendable {
  /// Which service this is: the engine's request model and the solver's encoding switch on it
  /// in one place each; everything else reads the tables below.
  package enum Kind: String, Hashable, Sendable {
    /// Documents in a database.
    case firestore
    /// Objects in a bucket.
    case storage
  }

  package var kind: Kind
  /// The name written after `service`.
  package var name: String
  /// What users call it ("Cloud Firestore").
  package var title: String
  /// The match path every rule of the service sits under, e.g. `/databases/{database}/documents`:
  /// its literal segments are fixed, its wildcards may have any name (or be a literal value).
  package var root: [MatchSegment.Kind]
  /// What the root's wildcard holds, as the docs name it (`database`, `bucket`).
  package var rootVariable: String
  /// What a request targets, for messages ("document", "object").
  package var targetNoun: String
  /// What holds the targets, for messages ("collection", "folder"): "every subcollection" /
  /// "every subfolder".
  package var containerNoun: String
  /// Whether a nested container is a thing of its own that rules name separately (Firestore's
  /// subcollections), rather than part of its parent's name (Storage's folders, which are name
  /// prefixes): a recursive wildcard below a named container then reaches beyond it.
  package var subcontainersAreSeparate: Bool
  /// The methods an `allow` statement may name (`read` and `write` are groups).
  package var methods: [Method]
  /// The global variables, their documented properties and their types, keyed by dotted name
  /// (`request.resource.size`): what hover and completion show, what type inference knows and
  /// what the checks accept.
  package var properties: [String: ServiceProperty]
  /// The members of the value a lookup function returns (a Firestore document in both
  /// services), by name.
  package var documentMembers: [String: ServiceProperty]
  /// The global functions this service adds to `BuiltinNames.globalFunctions`.
  package var ownFunctions: [String: BuiltinFunction]
  /// The namespaces this service adds to `BuiltinNames.namespaces` (Storage's `firestore`).
  package var ownNamespaces: [String: [String: BuiltinFunction]]
  /// How the lookup functions are spelled: unprefixed (`get(p)`), or as members of a namespace
  /// (`firestore.get(p)`).
  package var lookupNamespace: String?
  /// The lookup functions this service's rules can call.
  package var lookups: Set<LookupFunction>
  /// Distinct documents looked up per request, and across a batch (nil: the service has no
  /// batches).
  package var lookupsPerRequest: Int
  package var lookupsPerBatch: Int?
  /// The only database a lookup may read, or nil when any may be (Storage reads `(default)`).
  package var lookupDatabase: String?
  /// Whether `list` needs `rules_version = '2'` (Storage's List API): under version 1 no rule
  /// grants a list.
  package var listNeedsVersion2: Bool

  /// Every service Flint knows.
  package static let known: [RulesService] = [firestore, storage]

  /// The known service called `name`, if any.
  package static func named(_ name: String) -> RulesService? {
    known.first { $0.name == name }
  }

  /// The service a file declares; Firestore when the file names none (or one Flint does not
  /// know, which `FileChecks` reports).
  package static func of(_ file: RulesFile) -> RulesService {
    file.service.flatMap { named($0.name.name) } ?? .firestore
  }

  /// The other services, for "exists only in ..." messages.
  package var others: [RulesService] { Self.known.filter { $0.kind != kind } }

  /// The global functions a file of this service sees: the shared ones and its own.
  package var functions: [String: BuiltinFunction] {
    kind == .firestore ? Self.firestoreFunctions : Self.storageFunctions
  }

  /// The namespaces a file of this service sees: the shared ones and its own.
  package var namespaces: [String: [String: BuiltinFunction]] {
    kind == .firestore ? Self.firestoreNamespaces : Self.storageNamespaces
  }

  /// What each namespace a file of this service sees holds, for hover and completion.
  package var namespaceSummaries: [String: String] {
    var summaries = BuiltinNames.namespaceSummaries
    if let lookupNamespace {
      summaries[lookupNamespace] =
        "Cross-service lookups: \(lookups.map { "\(lookupNamespace).\($0.rawValue)(path)" }.sorted().joined(separator: ", "))."
    }
    return summaries
  }

  /// The global variables (the undotted property names): `request`, `resource`.
  package var globalVariables: Set<String> { Set(properties.keys.filter { !$0.contains(".") }) }

  /// The lookup function a call names in this service: `get(p)` (namespace nil) in Firestore,
  /// `firestore.get(p)` in Storage; nil for any other call.
  package func lookupFunction(namespace: String?, name: String) -> LookupFunction? {
    guard namespace == lookupNamespace, let function = LookupFunction(rawValue: name), lookups.contains(function)
    else { return nil }
    return function
  }

  /// How a lookup function is written in this service (`get`, `firestore.get`).
  package func spelling(of lookup: LookupFunction) -> String {
    lookupNamespace.map { "\($0).\(lookup.rawValue)" } ?? lookup.rawValue
  }

  /// The service whose rules write `namespace.name(...)` or `name(...)` as a lookup, other than
  /// this one: for "exists only in Cloud Firestore rules" messages.
  package func otherServiceWithLookup(namespace: String?, name: String) -> RulesService? {
    others.first { $0.lookupFunction(namespace: namespace, name: name) != nil }
  }

  /// The property `dotted` (`request.resource.size`) of this service, if documented.
  package func property(_ dotted: String) -> ServiceProperty? { properties[dotted] }

  /// The root as written in a `match` header, e.g. `/databases/{database}/documents`.
  package var rootText: String { root.map { "/" + MatchSegment($0).description }.joined() }

  /// The root's segments with its wildcard bound to `value` (`databases/(default)/documents`).
  package func rootSegments(binding value: String) -> [String] {
    root.map {
      switch $0 {
      case .literal(let text): text
      default: value
      }
    }
  }

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

  private static let firestoreFunctions = BuiltinNames.globalFunctions.merging(firestore.ownFunctions) { a, _ in a }
  private static let storageFunctions = BuiltinNames.globalFunctions.merging(storage.ownFunctions) { a, _ in a }
  private static let firestoreNamespaces = BuiltinNames.namespaces.merging(firestore.ownNamespaces) { a, _ in a }
  private static let storageNamespaces = BuiltinNames.namespaces.merging(storage.ownNamespaces) { a, _ in a }
}

extension RulesService: Hashable {
  package static func == (lhs: RulesService, rhs: RulesService) -> Bool { lhs.kind == rhs.kind }
  package func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// A documented property of a service's `request` or `resource` (or of the document a lookup
/// returns): its static type and its hover text.
package struct ServiceProperty: Hashable, Sendable {
  /// The static type's name (`int`, `map`, `resource` for a Firestore document, `object` for a
  /// Storage object), or nil when it depends on the request (`request.auth`: a map or null).
  package var type: String?
  package var doc: BuiltinDoc

  package init(_ type: String?, _ signature: String, _ summary: String) {
    self.type = type
    self.doc = BuiltinDoc(signature, summary)
  }
}
