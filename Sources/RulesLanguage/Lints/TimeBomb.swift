/// Test-mode rules: `request.time < timestamp.date(y, m, d)` as the only guard. Until that day
/// everyone may do everything the allow names; from that day on every request is denied, and
/// the app stops working without warning.
enum TimeBomb: Lint {
  static let rule = LintRule(
    code: .securityTestModeExpiry, services: LintRule.everyService,
    summary: "test-mode rules: a date is the only guard (`request.time < timestamp.date(...)`)",
    fixHint: "replace the date check with real conditions (who may do what) before that date",
    triggering: [
      "match /{document=**} { allow read, write: if request.time < timestamp.date(2024, 5, 1); }",
      "match /a/{id} { allow read: if request.auth != null && timestamp.date(2030, 1, 31) > request.time; }",
    ],
    nonTriggering: [
      "match /events/{id} { allow read: if request.time < resource.data.closesAt; }",
      "match /a/{id} { allow read: if request.auth.uid == id && request.time < timestamp.date(2030, 1, 1); }",
    ])

  /// The date a test-mode guard expires.
  struct Expiry {
    var year: Int64
    var month: Int64
    var day: Int64
    var text: String {
      func pad(_ n: Int64, _ width: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
      }
      return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
  }

  /// `request.time < timestamp.date(y, m, d)` (or `<=`, or written the other way round).
  static func expiry(_ expr: Expr) -> Expiry? {
    guard case .binary(let op, let l, let r) = expr.kind else { return nil }
    switch op {
    case .less, .lessEqual:
      guard l.isChain(Chain.requestTime) else { return nil }
      return date(r)
    case .greater, .greaterEqual:
      guard r.isChain(Chain.requestTime) else { return nil }
      return date(l)
    default:
      return nil
    }
  }

  private static func date(_ expr: Expr) -> Expiry? {
    guard case .methodCall(let base, let name, let args) = expr.kind, base.isChain(Chain.timestamp),
      name.name == "date", args.count == 3,
      case .int(let y) = args[0].kind, case .int(let m) = args[1].kind, case .int(let d) = args[2].kind
    else { return nil }
    return Expiry(year: y, month: m, day: d)
  }

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.allowFacts.compactMap { allow in
      guard let expiry = allow.testModeExpiry else { return nil }
      return rule.warning(
        "test-mode rules: 'allow \(allow.methodText)' on '\(allow.match.pathText)' is guarded only by a date; until "
          + "\(expiry.text) it grants \(allow.grantee) access, and from \(expiry.text) every such request is denied",
        at: allow.methodsRange)
    }
  }
}
