import FirestoreModel
import RulesEngine
import RulesLanguage

/// Deciding rule comparisons against a constraint: `constraint ⋈ c` is true iff every value
/// the constraint admits satisfies it under rules semantics, false iff none does, an error iff
/// all of them error; anything else (or anything this code cannot show) is unknown.
///
/// Soundness points: an `EQ v` atom pins the value up to Firestore equality (`6` vs `6.0`), and
/// rules comparisons give the same answer for every such representation, unless an integer
/// beyond ±2^53 is involved (rules compare ints with floats through doubles), which is left
/// unknown. A numeric range without a lower bound admits NaN, for which every rules ordering
/// comparison is false.
extension FieldConstraint {
  /// `symbol op c` (or `c op symbol` when `symbolOnLeft` is false) for `== != < <= > >=`.
  func compare(_ op: BinaryOperator, _ c: RulesValue, symbolOnLeft: Bool, database: String) -> ProofTruth {
    if let v = pinnedValue(database), Self.isSafe(c) {
      return ProofTruth { () throws(EvalError) in
        symbolOnLeft ? try Operators.binary(op, v, c) : try Operators.binary(op, c, v)
      }
    }
    guard !atoms.isEmpty, Self.isSafe(c) else { return .unknown }
    let oriented = symbolOnLeft ? op : op.mirrored
    switch oriented {
    case .equal: return equality(c, database)
    case .notEqual: return equality(c, database).negated
    case .less, .lessEqual, .greater, .greaterEqual: return ordering(oriented, c)
    default: return .unknown
    }
  }

  /// `symbol op c` for `< <= > >=` (symbol on the left) as if NaN were excluded: tells
  /// whether NaN is the only reason an upper-bounded number range does not imply it.
  func compareIgnoringNaN(_ op: BinaryOperator, _ c: RulesValue) -> ProofTruth {
    guard Self.isSafe(c), case .range(var range) = ValueRange.of(atoms), range.admitsNaN,
      let cv = c.toFirestoreValue(), cv.typeOrder == range.typeOrder, !cv.isNaN
    else { return .unknown }
    range.admitsNaN = false
    return range.decide(op, cv)
  }

  /// `symbol in c`: true if the symbol equals some element for sure, false if it equals none.
  func isMember(of c: RulesValue, database: String) -> ProofTruth {
    if let v = pinnedValue(database), Self.isSafe(c) {
      return ProofTruth { () throws(EvalError) in try Operators.binary(.in, v, c) }
    }
    guard !atoms.isEmpty else { return .unknown }
    switch c {
    case .list(let elements), .set(let elements):
      var allFalse = true
      for element in elements {
        switch compare(.equal, element, symbolOnLeft: true, database: database) {
        case .true: return .true
        case .false: continue
        default: allFalse = false
        }
      }
      return allFalse ? .false : .unknown
    default:
      return .unknown
    }
  }

  /// `c in symbol` (list membership): true when an `array-contains` filter guarantees it.
  func contains(_ c: RulesValue, database: String) -> ProofTruth {
    if let v = pinnedValue(database), Self.isSafe(c) {
      return ProofTruth { () throws(EvalError) in try Operators.binary(.in, c, v) }
    }
    guard Self.isSafe(c) else { return .unknown }
    for atom in atoms where atom.op == .contains && Self.isSafe(atom.value) {
      if RulesValue(firestore: atom.value, database: database).rulesEquals(c) { return .true }
    }
    return .unknown
  }

  /// The single value every admitted document holds (from an `EQ` atom), as a rules value,
  /// when all its Firestore-equal representations behave the same in rules.
  func pinnedValue(_ database: String) -> RulesValue? {
    for atom in atoms where atom.op == .eq && Self.isSafe(atom.value) {
      return RulesValue(firestore: atom.value, database: database)
    }
    return nil
  }

  // MARK: Equality

  /// `symbol == c` without a pinned value.
  private func equality(_ c: RulesValue, _ database: String) -> ProofTruth {
    if case .null = c { return excludesNull ? .false : .unknown }
    // A value with no stored form (a set, a duration, a path of another database) equals no
    // stored value; the round trip also catches representation differences.
    guard let cv = c.toFirestoreValue(), RulesValue(firestore: cv, database: database).rulesEquals(c) else {
      return .false
    }
    if atoms.contains(where: { $0.op == .neq && Value.filterEquals($0.value, cv) }) { return .false }
    switch ValueRange.of(atoms) {
    case .unusable: return .unknown
    case .range(let range):
      if cv.typeOrder != range.typeOrder || !range.admits(cv) { return .false }
      return range.isPoint(cv) ? .true : .unknown
    case .none: break
    }
    let containing = atoms.filter { $0.op == .contains }
    if !containing.isEmpty {
      guard case .array(let elements) = cv else { return .false }
      for atom in containing where !elements.contains(where: { Value.filterEquals($0, atom.value) }) {
        return .false
      }
    }
    return .unknown
  }

  /// Whether no admitted value is null.
  private var excludesNull: Bool {
    atoms.contains { atom in
      switch atom.op {
      case .neq, .contains: true
      case .lt, .lte, .gt, .gte: atom.value.typeOrder != .null
      case .eq: atom.value.typeOrder != .null
      }
    }
  }

  // MARK: Ordering

  /// `symbol op c` for `< <= > >=` without a pinned value.
  private func ordering(_ op: BinaryOperator, _ c: RulesValue) -> ProofTruth {
    let orderable: ValueTypeOrder
    switch c {
    case .int, .float: orderable = .number
    case .string: orderable = .string
    case .timestamp: orderable = .timestamp
    default: return .unknown
    }
    guard case .range(let range) = ValueRange.of(atoms) else { return .unknown }
    let representative = RulesValue(firestore: range.sample, database: DatabaseID.default)
    guard range.typeOrder == orderable else {
      // Rules order only numbers, strings, timestamps (and durations) among themselves.
      return ProofTruth { () throws(EvalError) in try Operators.binary(op, representative, c) }
    }
    guard let cv = c.toFirestoreValue() else { return .unknown }
    if cv.isNaN { return .false }
    return range.decide(op, cv)
  }

  /// Whether comparisons with `value` agree for every representation of it: no integer
  /// (or integral double) at or beyond 2^53 in magnitude, anywhere inside it.
  static func isSafe(_ value: RulesValue) -> Bool {
    switch value {
    case .int(let i): return i.magnitude < 1 << 53
    case .float(let d): return d.isNaN || d.magnitude < 9_007_199_254_740_992.0
    case .list(let items), .set(let items): return items.allSatisfy(isSafe)
    case .map(let entries): return entries.values.allSatisfy(isSafe)
    default: return true
    }
  }

  static func isSafe(_ value: Value) -> Bool {
    switch value {
    case .integer(let i): return i.magnitude < 1 << 53
    case .double(let d): return d.isNaN || d.magnitude < 9_007_199_254_740_992.0
    case .array(let items): return items.allSatisfy(isSafe)
    case .map(let entries): return entries.values.allSatisfy(isSafe)
    default: return true
    }
  }
}

extension BinaryOperator {
  /// The operator with its operands swapped (`c < x` is `x > c`).
  var mirrored: BinaryOperator {
    switch self {
    case .less: .greater
    case .lessEqual: .greaterEqual
    case .greater: .less
    case .greaterEqual: .lessEqual
    default: self
    }
  }
}
