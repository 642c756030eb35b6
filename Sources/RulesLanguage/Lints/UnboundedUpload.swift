/// An upload any user can make (`create`, directly or through `write`) whose condition never caps
/// `request.resource.size` from above: one client can fill the bucket, and the project pays for
/// the storage and every download. Uploads only a privileged user can make (a custom claim, a role
/// looked up with `firestore.get()`, a fixed account) stay silent, as do `update`-only allows (an
/// overwrite is evaluated as a create; a metadata update keeps the size, Docs/fidelity F1).
enum UnboundedUpload: Lint {
  static let rule = LintRule(
    code: .securityUnboundedUpload, services: [.storage],
    summary: "an upload any user can make with no cap on `request.resource.size`",
    fixHint: "cap the upload's size, e.g. `request.resource.size < 5 * 1024 * 1024`",
    triggering: [
      "match /avatars/{userId}/{fileName} { allow read, write: if request.auth.uid == userId; }",
      """
      match /photos/{fileName} {
        allow create: if request.auth != null && request.resource.contentType == 'image/png';
      }
      """,
      // The stored object's size, not the upload's.
      "match /docs/{userId}/{fileName} { allow write: if request.auth.uid == userId && resource.size < 1024 * 1024; }",
    ],
    nonTriggering: [
      """
      match /avatars/{userId}/{fileName} {
        allow write: if request.auth.uid == userId && request.resource.size < 5 * 1024 * 1024;
      }
      """,
      """
      function isSmall(file) { return file.size <= 1024 * 1024; }
      match /photos/{userId}/{fileName} { allow create: if request.auth.uid == userId && isSmall(request.resource); }
      """,
      "match /site/{fileName} { allow write: if request.auth.token.admin == true; }",
      "match /avatars/{userId}/{fileName} { allow update: if request.auth.uid == userId; }",
      "match /locked/{fileName} { allow write: if false; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let service = model.scopes.service
    return model.allowFacts.compactMap { allow in
      guard allow.methods.contains(.create), !allow.isNever else { return nil }
      var notes: [Diagnostic.Note] = []
      if let condition = allow.condition {
        guard !condition.boundsUploadSize, !condition.requiresPrivilege(in: service),
          !condition.hasUnresolvedCall(in: service)
        else { return nil }
        if condition.contains(where: { $0.isChain(Chain.resourceSize) }) {
          notes.append(
            Diagnostic.Note(
              "'resource.size' is the size of the object already stored (null for a new upload), not of the upload"))
        }
      }
      return rule.warning(
        "'allow \(allow.methodText)' on '\(allow.match.pathText)' lets a user upload an object of any size: the "
          + "condition never caps 'request.resource.size', so one client can fill the bucket",
        at: allow.methodsRange, notes: notes)
    }
  }
}

extension Expr {
  /// Whether the condition compares `request.resource.size` with an upper bound somewhere
  /// (`size < n`, `size <= n`, `n > size`, `size == n`), or tests it under `!` (silence over
  /// working out which way a negation bounds it).
  var boundsUploadSize: Bool {
    contains { node in
      switch node.kind {
      case .binary(let op, let l, let r):
        let size = Chain.requestResourceSize
        if l.isChain(size) { return [.less, .lessEqual, .equal].contains(op) }
        if r.isChain(size) { return [.greater, .greaterEqual, .equal].contains(op) }
        return false
      case .unary(.not, let operand):
        return operand.contains { $0.isChain(Chain.requestResourceSize) }
      default:
        return false
      }
    }
  }
}
