import FirestoreModel
import RulesLanguage

/// `get()`, `exists()`, `getAfter()`, `existsAfter()`: reads of further unknown documents, one per
/// path (reads of equal paths agree). After a write, the target is the written document (or gone,
/// after a delete) and every other document is as before.
extension ExpressionEncoder {
  func read(_ expr: Expr, _ function: LookupFunction, _ path: SymbolicValue, _ scope: EncodingScope) -> SymbolicValue {
    let after = function.readsAfterWrite
    let wantsDocument = function.returnsDocument
    if after && !symbols.method.isWrite { return .error }
    var cases: [SymbolicCase] = []
    for c in path.cases {
      guard case .path(let segments) = c.payload else { continue }
      guard segments.count >= 5, segments.count % 2 == 1 else { continue }
      // Rules read the request's database only ((default): the solver's Firestore requests and
      // Storage's lookups); another one's path is an error.
      let inDatabase = z3.and([
        z3.eq(segments[0], z3.string("databases")), z3.eq(segments[1], z3.string(DatabaseID.default)),
        z3.eq(segments[2], z3.string("documents")),
      ])
      let stored = symbols.document(at: segments)
      var states: [(when: Term, document: DocumentSymbol)] = []
      if after {
        let target = symbols.shape.documentPath
        let isTarget =
          target.count == segments.count ? z3.and(zip(target, segments).map { z3.eq($0, $1) }) : z3.false
        let written = DocumentSymbol(
          path: segments, exists: z3.bool(symbols.method != .delete), data: symbols.written)
        states = [(isTarget, written), (z3.not(isTarget), stored)]
      } else {
        states = [(z3.true, stored)]
      }
      for state in states {
        let when = z3.and([c.guard, inDatabase, state.when])
        if wantsDocument {
          // A missing document is an error (spec §4.19).
          cases.append(
            SymbolicCase(guard: z3.and([when, state.document.exists]), payload: .map(state.document.rulesMap(in: z3))))
        } else {
          cases.append(SymbolicCase(guard: when, payload: .bool(state.document.exists)))
        }
      }
    }
    if path.cases.contains(where: { if case .path = $0.payload { false } else { true } }) {
      note(expr, "\(function.rawValue)() of a value that is not a path")
    }
    return SymbolicValue(cases)
  }
}
