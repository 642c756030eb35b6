import FirestoreModel

/// One conjunction of a query's filters as the rules prover sees it: a DNF branch with
/// every `in` split into one `==` branch per value and every `array-contains-any` into one
/// `array-contains` branch per value (rules-semantics §7.1 rule 3: "each comparison value is evaluated
/// separately and each must satisfy the rules").
///
/// The remaining operators are `==`, `!=`, `<`, `<=`, `>`, `>=`, `array-contains` and `not-in`.
package struct ProofBranch: Hashable, Sendable, CustomStringConvertible {
  /// The filters, implicitly ANDed, in written order.
  package var filters: [FieldFilter]

  package init(filters: [FieldFilter]) {
    self.filters = filters
  }

  /// `x == 6 && y != "a"`, or `no filters`.
  package var description: String {
    filters.isEmpty ? "no filters" : filters.map(\.description).joined(separator: " && ")
  }

  /// Splits DNF branches per `in` / `array-contains-any` value; nil past `limit` branches
  /// (a valid query has at most 30 disjunctions, so the limit only guards bad input).
  package static func expand(_ branches: [[FieldFilter]], limit: Int = 1_000) -> [ProofBranch]? {
    var out: [ProofBranch] = []
    for branch in branches {
      if !branch.contains(where: { $0.op == .in || $0.op == .arrayContainsAny }) {
        out.append(ProofBranch(filters: branch))
        if out.count > limit { return nil }
        continue
      }
      var partial: [[FieldFilter]] = [[]]
      for filter in branch {
        let alternatives = split(filter)
        var next: [[FieldFilter]] = []
        for prefix in partial {
          for alternative in alternatives { next.append(prefix + [alternative]) }
        }
        if next.count > limit { return nil }
        partial = next
      }
      out += partial.map(ProofBranch.init(filters:))
      if out.count > limit { return nil }
    }
    return out
  }

  /// The per-value alternatives of one filter (itself, unless it is `in`/`array-contains-any`).
  static func split(_ filter: FieldFilter) -> [FieldFilter] {
    let single: FilterOperator
    switch filter.op {
    case .in: single = .equal
    case .arrayContainsAny: single = .arrayContains
    default: return [filter]
    }
    guard case .array(let values) = filter.value, !values.isEmpty else { return [filter] }
    return values.map { FieldFilter(filter.field, single, $0, range: filter.range) }
  }
}
