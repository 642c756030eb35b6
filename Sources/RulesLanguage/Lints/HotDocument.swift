/// A write rule that makes every write also update one fixed document (`getAfter()` of a path
/// with no wildcard, compared to count or time the write): that document takes every write of
/// the collection, and Firestore sustains about one write per second per document.
enum HotDocument: Lint {
  static let rule = LintRule(
    code: .limitHotDocument,
    summary: "every write must also update one fixed document (a counter or timestamp checked with `getAfter()`)",
    fixHint:
      "spread the counter over shards (`/stats/global/shards/{n}`), or count with an aggregation query instead of a rule",
    triggering: [
      """
      match /posts/{postId} {
        allow create: if getAfter(/databases/$(database)/documents/stats/global).data.posts
          == get(/databases/$(database)/documents/stats/global).data.posts + 1;
      }
      """
    ],
    nonTriggering: [
      """
      match /rooms/{roomId}/messages/{id} {
        allow create: if getAfter(/databases/$(database)/documents/rooms/$(roomId)).data.lastMessageAt == request.time;
      }
      """,
      """
      match /posts/{postId} {
        allow create: if get(/databases/$(database)/documents/config/app).data.open == true;
      }
      """,
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for allow in model.allowFacts where allow.grantsWrite && allow.callsGetAfter {
      guard let condition = allow.condition, let (path, field) = fixedDocumentComparison(condition) else { continue }
      diagnostics.append(
        rule.warning(
          "every write allowed here must also update '\(path)' ('\(field)', read with getAfter()): one document "
            + "takes every write to '\(allow.match.pathText)', and Firestore sustains about one write per second "
            + "per document",
          at: allow.methodsRange))
    }
    return diagnostics
  }

  /// `getAfter(<fixed path>).data.F` inside a comparison: the path text below the documents
  /// root and F.
  static func fixedDocumentComparison(_ condition: Expr) -> (String, String)? {
    var found: (String, String)?
    condition.forEachNode { node in
      guard found == nil, case .binary(let op, let l, let r) = node.kind,
        [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual].contains(op)
      else { return }
      for side in [l, r] {
        side.forEachNode { inner in
          guard found == nil, case .member(let data, let field) = inner.kind,
            case .member(let call, let dataName) = data.kind,
            dataName.name == "data", case .call(let name, let args) = call.kind,
            LookupFunction(rawValue: name.name) == .getAfter,
            args.count == 1,
            case .path(let segments) = args[0].kind, let documents = segments.firstIndex(of: .literal("documents"))
          else { return }
          let rest = segments[(documents + 1)...]
          var parts: [String] = []
          for segment in rest {
            guard case .literal(let text) = segment else { return }
            parts.append(text)
          }
          guard !parts.isEmpty, parts.count % 2 == 0 else { return }
          found = ("/" + parts.joined(separator: "/"), field.name)
        }
      }
    }
    return found
  }
}
