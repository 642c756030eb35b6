/// How often something was evaluated, by outcome.
package struct OutcomeCounts: Hashable, Sendable {
  /// Evaluations to exactly `true`.
  package var trueCount = 0
  /// Evaluations to exactly `false`.
  package var falseCount = 0
  /// Evaluations to an error (`⊥`).
  package var errorCount = 0
  /// Evaluations to a value that is not a bool.
  package var valueCount = 0

  package init() {}

  /// Every evaluation.
  package var evaluated: Int { trueCount + falseCount + errorCount + valueCount }

  /// Counts one evaluation with this value (a skipped one counts nothing).
  mutating func add(_ value: TraceValue) {
    switch value {
    case .value(.bool(true)): trueCount += 1
    case .value(.bool(false)): falseCount += 1
    case .value: valueCount += 1
    case .error: errorCount += 1
    case .notEvaluated: break
    }
  }
}

/// How often an `allow` statement was evaluated, by what it did.
package struct AllowCounts: Hashable, Sendable {
  package var granted = 0
  /// Conditions that were `false` or not a bool (and, for queries, not provable).
  package var denied = 0
  /// Conditions that were an error (a limit breach included).
  package var errors = 0
  /// How many of these outcomes came from query proofs (`list` requests), which record no
  /// expression trees.
  package var proved = 0

  package init() {}

  package var evaluated: Int { granted + denied + errors }
  /// Not granting, for any reason: `denied + errors`.
  package var notGranted: Int { denied + errors }

  /// Counts one outcome of the evaluator (`notEvaluated` counts nothing).
  package mutating func add(_ outcome: AllowOutcome) {
    switch outcome {
    case .granted: granted += 1
    case .denied, .notBoolean: denied += 1
    case .error, .limitExceeded, .needsQueryConstraints: errors += 1
    case .notEvaluated: break
    }
  }
}
