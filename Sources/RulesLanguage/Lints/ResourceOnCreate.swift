/// An `allow` that names `create` and whose condition cannot be true without reading the stored
/// document (`resource.data.ownerId == request.auth.uid`): on create the document does not exist
/// yet, `resource` is null and `resource.data` is an error (spec §4.20), so the statement never
/// grants a create. Reads under a guard (`resource == null || ...`, a ternary) and statements
/// that grant `create` only through `write` (often server-created documents) stay silent.
enum ResourceOnCreate: Lint {
  static let rule = LintRule(
    code: .misconceptionResourceOnCreate,
    summary: "a create condition that reads `resource.data` (null before the document exists): it never grants",
    fixHint:
      "on create read the incoming document, `request.resource.data.<field>`; give create a statement of its own "
      + "when the same statement also grants update or delete",
    triggering: [
      "match /posts/{postId} { allow create: if resource.data.authorId == request.auth.uid; }",
      """
      function isOwner() { return request.auth.uid == resource.data.ownerId; }
      match /notes/{noteId} { allow create, update: if request.auth != null && isOwner(); }
      """,
    ],
    nonTriggering: [
      "match /posts/{postId} { allow create: if request.resource.data.authorId == request.auth.uid; }",
      // `write` also grants update and delete, where the read is right (documents may be created elsewhere).
      "match /posts/{postId} { allow write: if resource.data.authorId == request.auth.uid; }",
      """
      match /notes/{noteId} {
        allow create, update: if resource == null || resource.data.ownerId == request.auth.uid;
      }
      """,
      """
      match /notes/{noteId} {
        allow create, update: if request.auth != null
          && (request.method == 'create' || resource.data.ownerId == request.auth.uid);
      }
      """,
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.allowFacts.compactMap { allow in
      guard allow.statement.methods.contains(where: { $0.method == .create }), !allow.isNever,
        let condition = allow.condition, let read = condition.storedReadBlockingCreate,
        !condition.hasUnresolvedCall(in: model.scopes.service)
      else { return nil }
      var text = ""
      ExprPrinter.write(read, to: &text)
      let others = allow.statement.methods.map(\.method).filter { $0 != .create }.map(\.rawValue)
      let fix =
        others.isEmpty
        ? "read the incoming document: `request.resource.data` instead of `resource.data`"
        : "give create a statement of its own that reads the incoming document (`request.resource.data` instead of "
          + "`resource.data`), and keep this one for \(others.joined(separator: ", "))"
      return rule.warning(
        "'allow \(allow.methodText)' on '\(allow.match.pathText)' can only be true by reading '\(text)', but on "
          + "create the document does not exist yet: 'resource' is null and reading it is an error, so this statement "
          + "never grants a create",
        at: allow.methodsRange, fix: fix)
    }
  }
}

extension Expr {
  /// A read of the stored document (`resource.data.x`, `resource.id`) that every way of making
  /// the condition true goes through, unguarded: on create it is an error, so the condition is
  /// never true. Nil when some way avoids it (`resource == null || ...`, a `request.method`
  /// test, a ternary) or is unknown.
  var storedReadBlockingCreate: Expr? {
    switch kind {
    case .binary(.and, let l, let r):
      return l.storedReadBlockingCreate ?? r.storedReadBlockingCreate
    case .binary(.or, let l, let r):
      guard let read = l.storedReadBlockingCreate, r.storedReadBlockingCreate != nil else { return nil }
      return read
    case .ternary, .unary(.not, _):
      // `!x` is true when x is false: only a strict read (an error either way) is certain.
      return strictStoredRead
    default:
      return strictStoredRead
    }
  }

  /// A read of `resource.<member>` in an expression with no `&&`, `||` or ternary (which could
  /// skip it): evaluating the expression evaluates the read.
  private var strictStoredRead: Expr? {
    var read: Expr?
    var guarded = false
    forEachNode { node in
      switch node.kind {
      case .binary(.and, _, _), .binary(.or, _, _), .ternary: guarded = true
      case .member, .index:
        if read == nil, node.isStoredRead { read = node }
      default: break
      }
    }
    return guarded ? nil : read
  }
}

extension Expr {
  /// `resource.<member>...` or `resource[...]...` (the outermost such access in pre-order).
  fileprivate var isStoredRead: Bool {
    var node = self
    while true {
      switch node.kind {
      case .member(let base, _), .index(let base, _):
        if case .identifier("resource") = base.kind { return true }
        node = base
      default: return false
      }
    }
  }
}
