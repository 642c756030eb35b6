import FirestoreModel
import RulesLanguage

/// The interval a branch's range filters (`< <= > >=`) allow for one field, in Firestore's
/// value order, within the filters' type class; with `!=` exclusions that sharpen an
/// inclusive end (`x >= 5 && x != 5` is `x > 5`).
struct ValueRange: Sendable {
  struct End: Sendable {
    var value: Value
    var inclusive: Bool
  }

  /// The type class every admitted value has.
  var typeOrder: ValueTypeOrder
  var lower: End?
  var upper: End?
  /// Whether NaN is admitted (a number range with no lower bound: NaN sorts first).
  var admitsNaN: Bool

  /// What the range atoms among `atoms` say.
  enum Found {
    /// No range atom.
    case none
    /// Range atoms the prover does not model (mixed type classes, NaN bounds).
    case unusable
    case range(ValueRange)
  }

  static func of(_ atoms: [FieldConstraint.Atom]) -> Found {
    let ranges = atoms.filter(\.op.isRange)
    guard let first = ranges.first else { return .none }
    let typeOrder = first.value.typeOrder
    var lower: End?
    var upper: End?
    for atom in ranges {
      guard atom.value.typeOrder == typeOrder, !atom.value.isNaN else { return .unusable }
      let end = End(value: atom.value, inclusive: atom.op == .gte || atom.op == .lte)
      if atom.op == .gt || atom.op == .gte {
        lower = tighter(lower, end, preferGreater: true)
      } else {
        upper = tighter(upper, end, preferGreater: false)
      }
    }
    for atom in atoms where atom.op == .neq {
      if let end = lower, end.inclusive, Value.filterEquals(end.value, atom.value) { lower?.inclusive = false }
      if let end = upper, end.inclusive, Value.filterEquals(end.value, atom.value) { upper?.inclusive = false }
    }
    return .range(
      ValueRange(typeOrder: typeOrder, lower: lower, upper: upper, admitsNaN: typeOrder == .number && lower == nil))
  }

  private static func tighter(_ current: End?, _ candidate: End, preferGreater: Bool) -> End {
    guard let current else { return candidate }
    let c = Value.compare(candidate.value, current.value)
    if c == 0 { return End(value: current.value, inclusive: current.inclusive && candidate.inclusive) }
    return (c > 0) == preferGreater ? candidate : current
  }

  /// A value of the range's type class (for error messages).
  var sample: Value { (lower ?? upper)!.value }

  /// Whether `value` (of the same class) lies within the bounds.
  func admits(_ value: Value) -> Bool {
    if value.isNaN { return admitsNaN }
    if let lower {
      let c = Value.compare(value, lower.value)
      if c < 0 || (c == 0 && !lower.inclusive) { return false }
    }
    if let upper {
      let c = Value.compare(value, upper.value)
      if c > 0 || (c == 0 && !upper.inclusive) { return false }
    }
    return true
  }

  /// Whether the range is exactly the values equal to `value`.
  func isPoint(_ value: Value) -> Bool {
    guard let lower, let upper, lower.inclusive, upper.inclusive else { return false }
    return Value.filterEquals(lower.value, value) && Value.filterEquals(upper.value, value)
  }

  /// `x op c` for every admitted `x`, where `c` is a non-NaN value of the same class.
  func decide(_ op: BinaryOperator, _ c: Value) -> ProofTruth {
    let low = lower.map { (Value.compare($0.value, c), $0.inclusive) }
    let high = upper.map { (Value.compare($0.value, c), $0.inclusive) }
    var allTrue = false
    var allFalse = false
    switch op {
    case .greater:
      if let (cmp, inclusive) = low { allTrue = cmp > 0 || (cmp == 0 && !inclusive) }
      if let (cmp, _) = high { allFalse = cmp <= 0 }
    case .greaterEqual:
      if let (cmp, _) = low { allTrue = cmp >= 0 }
      if let (cmp, inclusive) = high { allFalse = cmp < 0 || (cmp == 0 && !inclusive) }
    case .less:
      if let (cmp, inclusive) = high, !admitsNaN { allTrue = cmp < 0 || (cmp == 0 && !inclusive) }
      if let (cmp, _) = low { allFalse = cmp >= 0 }
    case .lessEqual:
      if let (cmp, _) = high, !admitsNaN { allTrue = cmp <= 0 }
      if let (cmp, inclusive) = low { allFalse = cmp > 0 || (cmp == 0 && !inclusive) }
    default:
      return .unknown
    }
    return allTrue ? .true : (allFalse ? .false : .unknown)
  }
}
