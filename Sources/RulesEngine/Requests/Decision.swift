import FirestoreModel

/// The verdict on one request, with the explanation.
public struct Decision: Sendable {
  /// Whether the request is allowed.
  public var allowed: Bool
  /// Which blocks matched, what each candidate allow did, and why.
  public var trace: DecisionTrace
  /// The distinct documents looked up and charged, in first-use order.
  public var lookups: [ResourcePath]

  public init(allowed: Bool, trace: DecisionTrace, lookups: [ResourcePath]) {
    self.allowed = allowed
    self.trace = trace
    self.lookups = lookups
  }

  /// The 1-based line of the allow statement that granted, if one did.
  public var grantingLine: Int? {
    trace.allows.first { $0.outcome == .granted }?.line
  }

  /// The emulator-style reason (`false for 'get' @ L5`, `No matching allow statements`);
  /// empty when allowed.
  public var message: String { trace.summary }
}

/// The verdict on a batched write or transaction: all-or-nothing.
public struct BatchDecision: Sendable {
  /// Whether every write is allowed and the batch stayed within its limits.
  public var allowed: Bool
  /// One decision per write, in order.
  public var decisions: [Decision]
  /// Charged lookups across the whole batch (the batch limit is 20).
  public var lookupCount: Int
  /// The batch-wide limit breach that denied everything, if any.
  public var limitBreach: String?

  public init(allowed: Bool, decisions: [Decision], lookupCount: Int, limitBreach: String?) {
    self.allowed = allowed
    self.decisions = decisions
    self.lookupCount = lookupCount
    self.limitBreach = limitBreach
  }
}
