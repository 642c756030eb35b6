import FirestoreModel

/// The verdict on one request, with the explanation.
package struct Decision: Sendable {
  /// Whether the request is allowed.
  package var allowed: Bool
  /// Which blocks matched, what each candidate allow did, and why.
  package var trace: DecisionTrace
  /// The distinct documents looked up and charged, in first-use order.
  package var lookups: [ResourcePath]

  package init(allowed: Bool, trace: DecisionTrace, lookups: [ResourcePath]) {
    self.allowed = allowed
    self.trace = trace
    self.lookups = lookups
  }

  /// The 1-based line of the allow statement that granted, if one did.
  package var grantingLine: Int? {
    trace.allows.first { $0.outcome == .granted }?.line
  }

  /// The emulator-style reason (`false for 'get' @ L5`, `No matching allow statements`);
  /// empty when allowed.
  package var message: String { trace.summary }
}

/// The verdict on a batched write or transaction: all-or-nothing.
package struct BatchDecision: Sendable {
  /// Whether every write is allowed and the batch stayed within its limits.
  package var allowed: Bool
  /// One decision per write, in order.
  package var decisions: [Decision]
  /// Charged lookups across the whole batch (the batch limit is 20).
  package var lookupCount: Int
  /// The batch-wide limit breach that denied everything, if any.
  package var limitBreach: String?

  package init(allowed: Bool, decisions: [Decision], lookupCount: Int, limitBreach: String?) {
    self.allowed = allowed
    self.decisions = decisions
    self.lookupCount = lookupCount
    self.limitBreach = limitBreach
  }
}
