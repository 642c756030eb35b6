import RulesLanguage

/// Builds `ExprTrace` trees while the evaluator runs. Only created at `TraceLevel.full`,
/// so evaluations that need just the decision pay nothing for it.
final class TraceRecorder {
  /// One frame per node under construction: its range and its finished children.
  /// Frame 0 collects the roots.
  private var frames: [(range: SourceRange, children: [ExprTrace])] = [(.none, [])]

  /// Starts a node: its children are the nodes finished until the matching `end`.
  func begin(_ range: SourceRange) {
    frames.append((range, []))
  }

  /// Finishes the node started by the last unmatched `begin`.
  func end(_ kind: TraceNodeKind, _ value: TraceValue) {
    let frame = frames.removeLast()
    frames[frames.count - 1].children.append(
      ExprTrace(kind: kind, range: frame.range, value: value, children: frame.children))
  }

  /// Records an expression that was not evaluated (short-circuited).
  func skipped(_ kind: TraceNodeKind, _ range: SourceRange) {
    frames[frames.count - 1].children.append(ExprTrace(kind: kind, range: range, value: .notEvaluated))
  }

  /// Closes any nodes still open with `value` (after a limit breach unwound the
  /// evaluation) and returns the last finished root, clearing the recorder.
  func finish(unwindingWith value: TraceValue) -> ExprTrace? {
    while frames.count > 1 {
      end(.expression, value)
    }
    let root = frames[0].children.last
    frames = [(.none, [])]
    return root
  }
}
