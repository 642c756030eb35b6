/// A read rule that tests a private-looking field of the document as if that could hide the
/// field (`allow read: if resource.data.email == null || ...`). Rules grant or deny whole
/// documents: a permitted read returns every field.
enum FieldHiding: Lint {
  static let rule = LintRule(
    code: .misconceptionFieldHiding,
    summary: "a read rule that tests a private field as if rules could hide it",
    fixHint: "keep private fields in another document readable only by the owner, e.g. `users/{uid}/private/profile`",
    triggering: [
      "match /users/{uid} { allow read: if resource.data.email == null || request.auth.uid == uid; }",
      "match /users/{uid} { allow get: if !('phoneNumber' in resource.data) || request.auth.uid == uid; }",
    ],
    nonTriggering: [
      "match /users/{uid} { allow read: if request.auth.uid == uid; }",
      "match /posts/{id} { allow read: if resource.data.deletedAt == null; }",
      "match /users/{uid} { allow update: if request.resource.data.email == null; }",
    ])

  /// Field names that hold personal or secret data.
  static let privateNames: Set<String> = [
    "email", "emailaddress", "phone", "phonenumber", "mobile", "address", "homeaddress", "password", "passwordhash",
    "ssn", "secret", "token", "apikey", "dob", "dateofbirth", "birthday", "birthdate", "salary", "iban",
    "creditcard", "cardnumber", "private", "privatedata", "location",
  ]

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.allowFacts.compactMap { allow in
      guard allow.grantsRead, let condition = allow.condition,
        let field = testedPrivateField(condition)
      else { return nil }
      return rule.warning(
        "this read rule tests '\(field)' as if it could hide it, but rules grant or deny whole documents: "
          + "a client allowed to read a document of '\(allow.match.pathText)' receives every field, '\(field)' included",
        at: allow.methodsRange)
    }
  }

  /// `resource.data.F == null` / `!= null`, or `'F' in resource.data`, for a private-looking F.
  static func testedPrivateField(_ condition: Expr) -> String? {
    var found: String?
    condition.forEachNode { node in
      guard found == nil, case .binary(let op, let l, let r) = node.kind else { return }
      switch op {
      case .equal, .notEqual:
        let side = l.isNullLiteral ? r : (r.isNullLiteral ? l : nil)
        if let side, case .member(let base, let field) = side.kind, base.isChain(Chain.resourceData),
          privateNames.contains(field.name.lowercased())
        {
          found = field.name
        }
      case .in:
        if case .string(let field) = l.kind, r.isChain(Chain.resourceData), privateNames.contains(field.lowercased()) {
          found = field
        }
      default: break
      }
    }
    return found
  }
}
