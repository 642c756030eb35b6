import FirestoreModel

/// Disjunctive normal form of a filter list (implicitly ANDed).
package enum DNF {
  /// The branches (conjunctions), `in`/`array-contains-any` unexpanded; nil when there would
  /// be more than `limit` branches.
  package static func branches(_ filters: [Filter], limit: Int) -> [[FieldFilter]]? {
    // Fast path for the common shape, a plain conjunction of field filters: one branch.
    if filters.isEmpty { return [[]] }
    if limit >= 1, let conjunction = plainConjunction(filters) { return [conjunction] }
    return branches(.composite(.and, filters), limit: limit)
  }

  /// The field filters when every filter is a field filter (no composite), else nil.
  private static func plainConjunction(_ filters: [Filter]) -> [FieldFilter]? {
    var out: [FieldFilter] = []
    out.reserveCapacity(filters.count)
    for filter in filters {
      guard case .field(let f) = filter else { return nil }
      out.append(f)
    }
    return out
  }

  static func branches(_ filter: Filter, limit: Int) -> [[FieldFilter]]? {
    switch filter {
    case .field(let f):
      return [[f]]
    case .composite(.or, let children):
      var out: [[FieldFilter]] = []
      for child in children {
        if case .field(let f) = child {
          out.append([f])  // what `out += branches(child)` appends, without the nested array
        } else {
          guard let sub = branches(child, limit: limit) else { return nil }
          out += sub
        }
        if out.count > limit { return nil }
      }
      return out
    case .composite(.and, let children):
      var out: [[FieldFilter]] = [[]]
      for child in children {
        if case .field(let f) = child {
          // The product with the single branch [f]: append f to every branch, in place.
          for index in out.indices { out[index].append(f) }
          if out.count > limit { return nil }
          continue
        }
        guard let sub = branches(child, limit: limit) else { return nil }
        var next: [[FieldFilter]] = []
        for left in out {
          for right in sub { next.append(left + right) }
        }
        if next.count > limit { return nil }
        out = next
      }
      return out
    }
  }

  /// The backend's disjunction count: `n(in/array-contains-any) = |values|`, `n(OR) = Σ`,
  /// `n(AND) = Π` (saturating). With `expandIn: false`, every leaf counts 1.
  package static func disjunctionCount(_ filters: [Filter], expandIn: Bool) -> Int {
    count(.composite(.and, filters), expandIn: expandIn)
  }

  static func count(_ filter: Filter, expandIn: Bool) -> Int {
    switch filter {
    case .field(let f):
      if expandIn, f.op == .in || f.op == .arrayContainsAny, case .array(let values) = f.value {
        return max(1, values.count)
      }
      return 1
    case .composite(.or, let children):
      var total = 0
      for child in children {
        let (value, overflow) = total.addingReportingOverflow(count(child, expandIn: expandIn))
        total = overflow ? Int.max : value
      }
      return total
    case .composite(.and, let children):
      var product = 1
      for child in children {
        let (value, overflow) = product.multipliedReportingOverflow(by: count(child, expandIn: expandIn))
        product = overflow ? Int.max : value
      }
      return product
    }
  }
}
