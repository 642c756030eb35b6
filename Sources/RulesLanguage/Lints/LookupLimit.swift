/// More distinct documents looked up (`get`, `exists`, `getAfter`, `existsAfter`; in Storage
/// `firestore.get`, `firestore.exists`) than one request may: the service's
/// `lookupsPerRequest`, 10 in Firestore for a single-document request or query (20 across a
/// batch, 10 per write, rules-language §6.8), 2 in Storage. Past the limit the request is denied. The same document fetched in
/// several functions is one lookup (calls are cached), so only distinct paths are counted.
enum LookupLimit: Lint {
  static let rule = LintRule(
    code: .limitDocumentLookups, services: LintRule.everyService,
    summary:
      "more distinct document lookups for one request method in a match than a request may make (10 in Firestore, 2 in Storage)",
    fixHint:
      "look each document up once (a helper returning get(...).data), or move the data into fewer documents / custom claims",
    triggering: [
      (0..<11).map { "exists(/databases/$(database)/documents/flags/f\($0))" }.joined(separator: " && ")
        .wrappedInAllow()
    ],
    nonTriggering: [
      """
      function profile() { return get(/databases/$(database)/documents/users/$(request.auth.uid)).data; }
      function isAdmin() { return profile().role == 'admin'; }
      function isEditor() { return profile().role == 'editor'; }
      match /a/{id} {
        allow read: if exists(/databases/$(database)/documents/users/$(request.auth.uid)) && (isAdmin() || isEditor());
      }
      """
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let service = model.scopes.service
    let limit = service.lookupsPerRequest
    // Cheap bound first: no match whose allows make more than `limit` lookup calls in all can
    // exceed the limit, so most files print no path at all.
    var callsByMatch: [Int: Int] = [:]
    for allow in model.allowFacts where allow.performsLookup {
      callsByMatch[allow.matchIndex, default: 0] += allow.lookupCalls
    }
    guard callsByMatch.values.contains(where: { $0 > limit }) else { return [] }
    // Each allow's distinct lookups, once; then per match and method the union.
    var byMatch: [Int: [(allow: AllowFacts, paths: Set<String>)]] = [:]
    for allow in model.allowFacts {
      guard allow.performsLookup, (callsByMatch[allow.matchIndex] ?? 0) > limit, let condition = allow.condition else {
        continue
      }
      var paths = Set<String>()
      condition.forEachNode { node in
        guard let (function, args) = node.lookupCall(in: service), args.count == 1 else { return }
        var text = function.readsAfterWrite ? "after:" : ""
        ExprPrinter.write(args[0], to: &text)
        paths.insert(text)
      }
      if !paths.isEmpty { byMatch[allow.matchIndex, default: []].append((allow, paths)) }
    }
    let batch = service.lookupsPerBatch.map { " (\($0) across a batch)" } ?? ""
    var diagnostics: [Diagnostic] = []
    for (index, entries) in byMatch.sorted(by: { $0.key < $1.key }) {
      for method in [Method.get, .list, .create, .update, .delete] {
        let granting = entries.filter { $0.allow.methods.contains(method) }
        let paths = granting.reduce(into: Set<String>()) { $0.formUnion($1.paths) }
        guard paths.count > limit, let first = granting.first?.allow else { continue }
        diagnostics.append(
          rule.warning(
            "a \(method.rawValue) request on '\(model.matches[index].pathText)' may look up \(paths.count) different "
              + "documents; the limit is \(limit) per request\(batch), and past it the request is denied",
            at: first.methodsRange))
        break
      }
    }
    return diagnostics
  }
}

extension String {
  /// `match /a/{id} { allow read: if <self>; }` (for examples).
  fileprivate func wrappedInAllow() -> String { "match /a/{id} { allow read: if \(self); }" }
}
