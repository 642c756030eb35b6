import FirestoreModel
import RulesLanguage

/// How much of an evaluation to record.
package enum TraceLevel: Int, Hashable, Sendable, Comparable {
  /// Only the decision and any limit breach: no matches, allows or reasons (fastest).
  case none
  /// Only the decision, the matched blocks and each allow's outcome (cheap; for bulk runs).
  case outcomes
  /// Also the tree of evaluated sub-expressions with their values.
  case full

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What happened to one candidate `allow` statement.
package enum AllowOutcome: Hashable, Sendable {
  /// The condition was exactly `true` (or the allow has no condition).
  case granted
  /// The condition was `false`.
  case denied
  /// The condition evaluated to a value of this type instead of a bool.
  case notBoolean(String)
  /// The condition evaluated to an error with this engine message.
  case error(String)
  /// A `list` condition whose value depends on the queried documents (`resource`): it
  /// cannot be decided without proving the query's constraints, so it does not grant.
  case needsQueryConstraints(String)
  /// A limit was exceeded while evaluating this condition; the whole request is denied.
  case limitExceeded(String)
  /// Not evaluated: an earlier allow granted, or a limit stopped the request.
  case notEvaluated

  /// The reason text the emulator would print before ` for '<method>' @ L<n>`.
  package var reasonText: String? {
    switch self {
    case .granted, .notEvaluated: nil
    case .denied: "false"
    case .notBoolean: "false"
    case .error(let message), .limitExceeded(let message): message
    case .needsQueryConstraints(let message): message
    }
  }
}

/// A `match` block whose complete pattern matched the request path.
package struct MatchTrace: Sendable {
  /// The complete pattern, e.g. `/databases/{database}/documents/users/{uid}`.
  package var pattern: String
  /// The range of the block's own `match` path.
  package var range: SourceRange
  /// The wildcard variables the match bound, in pattern order.
  package var bindings: [VariableBinding]
}

/// A wildcard variable and its bound value (`nil` when unknown, as for a `list` request's
/// document id).
package struct VariableBinding: Sendable {
  package var name: String
  package var value: RulesValue?
}

/// One candidate `allow` statement (a statement in a matching block that covers the method).
package struct AllowTrace: Sendable {
  /// Index into `DecisionTrace.matches` of the block holding the statement.
  package var matchIndex: Int
  /// The methods the statement names, as written.
  package var methods: [Method]
  /// The whole statement's range.
  package var range: SourceRange
  /// The condition's range (nil for `allow read;`).
  package var conditionRange: SourceRange?
  /// The 1-based line of the statement.
  package var line: Int
  package var outcome: AllowOutcome
  /// The evaluated condition (only at `TraceLevel.full`).
  package var expression: ExprTrace?
  /// For an allow left unevaluated because an earlier one granted: set when, evaluated on its
  /// own afterwards, it grants too (only at `TraceLevel.full`, for explanations: the decision,
  /// the lookups charged and coverage do not count that evaluation).
  package var alsoGrants: LaterGrant?
}

/// An allow that would have granted a request that an earlier allow already granted.
package struct LaterGrant: Sendable {
  /// Its evaluated condition (nil for an allow without one).
  package var expression: ExprTrace?
}

/// A document lookup made by `get`, `exists`, `getAfter` or `existsAfter`.
package struct LookupTrace: Sendable {
  /// The function called.
  package var function: String
  /// The looked-up document, relative to its database's `documents`.
  package var path: ResourcePath
  /// Whether the document exists (in the state the function reads).
  package var found: Bool
  /// Whether this call was charged against the lookup limits (repeated lookups are not).
  package var charged: Bool
}

/// One `debug(x)` call's output.
package struct DebugOutput: Sendable {
  /// The range of the `debug(...)` call.
  package var range: SourceRange
  package var value: TraceValue
  /// The value as the emulator logs it (protobuf text, e.g. `string_value: "alice"`).
  package var text: String
}

/// Why a request was allowed or denied: the matched blocks, every candidate allow with
/// its outcome and (at full level) its evaluated expression tree, lookups and debug output.
package struct DecisionTrace: Sendable {
  package var method: RequestMethod
  /// The target path, relative to the database's `documents`.
  package var requestPath: ResourcePath
  /// The database id.
  package var database: String
  package var matches: [MatchTrace] = []
  package var allows: [AllowTrace] = []
  package var lookups: [LookupTrace] = []
  package var debugOutputs: [DebugOutput] = []
  /// The limit breach that denied the whole request, if any.
  package var limitBreach: String?
  /// A problem with the request itself (wrong path shape), if any.
  package var requestProblem: String?
  /// Why an allow was turned into a deny: another reading of a point the sources leave open
  /// denies (Cloud Storage, Docs/fidelity/storage.md).
  package var unsettled: String?
  /// The service root with its wildcard bound (`databases/(default)/documents`, `b/<bucket>/o`).
  package var root: [String] = []
  /// When no block matched the path: the closest block (a likely typo in its `match` path);
  /// only at `TraceLevel.full`, the level explanations are built from.
  package var nearestMatch: NearestMatch?
  /// How much was recorded; at `.none` only the verdict, `limitBreach` and `requestProblem`.
  package var level: TraceLevel = .outcomes

  package init(method: RequestMethod, requestPath: ResourcePath, database: String) {
    self.method = method
    self.requestPath = requestPath
    self.database = database
  }

  /// `request.path` as text, e.g. `/databases/(default)/documents/users/alice`.
  package var path: String {
    let root = root.isEmpty ? ["databases", database, "documents"] : root
    return (root + requestPath.segments).map { "/" + $0 }.joined()
  }

  /// The emulator-style summary: `false for 'update' @ L7, Null value error. for 'update' @ L9`,
  /// or `No matching allow statements`; empty when a statement granted.
  package var summary: String {
    if let requestProblem { return requestProblem }
    if let unsettled { return unsettled }
    if let limitBreach { return "\(limitBreach) for '\(method.rawValue)'" }
    if level == .none { return "" }
    if allows.contains(where: { $0.outcome == .granted }) { return "" }
    let reasons = allows.compactMap { allow in
      allow.outcome.reasonText.map { "\($0) for '\(method.rawValue)' @ L\(allow.line)" }
    }
    return reasons.isEmpty ? "No matching allow statements" : reasons.joined(separator: ", ")
  }
}
