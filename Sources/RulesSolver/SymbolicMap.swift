/// A map as the solver sees it: a literal (every key known), or data with unknown keys.
enum SymbolicMap {
  case closed([String: SymbolicValue])
  case open(OpenMap)
}

/// The type tag of a data field whose type is not known: which alternative of `DataField` holds.
enum DataType: Int64, CaseIterable {
  case null = 0
  case bool, int, float, string, timestamp, map, list, other
}

/// A field of document data (or of a token) whose presence, type and value are unknown: the
/// solver chooses them. Its value is one alternative per `DataType`, under `present && tag == t`.
struct DataField {
  var key: String
  var present: Term
  var tag: Term
  var boolValue: Term
  var intValue: Term
  var floatValue: Term
  var stringValue: Term
  var timestampValue: Term
  /// The value when it is a map (its own fields created on demand).
  var mapValue: OpenMap
  var value: SymbolicValue
}

/// A map with unknown keys (`resource.data`, `request.resource.data`, `request.auth.token`, a
/// document read by `get()`): a `DataField` per universe key, created when first read, and a count
/// of keys outside the universe. Every variable is named after `name`, so two encodings of the
/// same map share them.
final class OpenMap {
  let name: String
  unowned let symbols: RequestSymbols
  private(set) var fields: [String: DataField] = [:]
  /// Keys outside the universe (an integer, at least 0).
  let others: Term
  /// Keys that are always present (the standard token claims the engine fills in).
  let requiredKeys: Set<String>
  /// Whether every field is a string (a Storage object's custom metadata).
  let stringsOnly: Bool
  /// Equal maps have equal identities (and an identity shared with another map makes every field equal).
  let identity: Term

  /// At most this many keys outside the universe (a real map has many more): `size()` of a map's
  /// keys is an approximation.
  static let mostOtherKeys = 3

  init(name: String, symbols: RequestSymbols, requiredKeys: Set<String> = [], stringsOnly: Bool = false) {
    self.name = name
    self.symbols = symbols
    self.requiredKeys = requiredKeys
    self.stringsOnly = stringsOnly
    let z3 = symbols.z3
    others = z3.constant("\(name)[*]", z3.intSort)
    identity = z3.constant("\(name)[=]", z3.intSort)
    symbols.require(z3.ge(others, z3.int(0)))
    symbols.require(z3.le(others, z3.int(Int64(Self.mostOtherKeys))))
  }

  /// The field `key`, created on first use.
  func field(_ key: String) -> DataField {
    if let field = fields[key] { return field }
    let z3 = symbols.z3
    let base = "\(name)[\(key)]"
    let present = z3.constant(base + "?", z3.boolSort)
    let tag = z3.constant(base + "#", z3.intSort)
    let nested = symbols.openMap(base)
    let values = (
      bool: z3.constant(base, z3.boolSort), int: z3.constant(base, z3.intSort),
      float: z3.constant(base, z3.realSort), string: z3.constant(base, z3.stringSort),
      timestamp: z3.constant(base + "@", z3.intSort)
    )
    symbols.require(z3.and([z3.ge(tag, z3.int(0)), z3.le(tag, z3.int(DataType.other.rawValue))]))
    symbols.require(IntegerRange.contains(values.int, in: z3))
    symbols.require(TimeRange.contains(values.timestamp, in: z3))
    symbols.require(z3.le(z3.length(values.string), z3.int(Int64(StringBound.longest))))
    if requiredKeys.contains(key) { symbols.require(present) }
    if stringsOnly { symbols.require(z3.eq(tag, z3.int(DataType.string.rawValue))) }
    func when(_ type: DataType) -> Term { z3.and([present, z3.eq(tag, z3.int(type.rawValue))]) }
    let value = SymbolicValue([
      SymbolicCase(guard: when(.null), payload: .null),
      SymbolicCase(guard: when(.bool), payload: .bool(values.bool)),
      SymbolicCase(guard: when(.int), payload: .int(values.int)),
      SymbolicCase(guard: when(.float), payload: .float(values.float)),
      SymbolicCase(guard: when(.string), payload: .string(values.string)),
      SymbolicCase(guard: when(.timestamp), payload: .timestamp(values.timestamp)),
      SymbolicCase(guard: when(.map), payload: .map(.open(nested))),
      SymbolicCase(guard: when(.list), payload: .list(.unknown(identity: z3.constant(base + "[=]", z3.intSort)))),
      SymbolicCase(guard: when(.other), payload: .opaque("bytes", identity: z3.constant(base + "[=]", z3.intSort))),
    ])
    let field = DataField(
      key: key, present: present, tag: tag, boolValue: values.bool, intValue: values.int, floatValue: values.float,
      stringValue: values.string, timestampValue: values.timestamp, mapValue: nested, value: value)
    fields[key] = field
    return field
  }

  /// The keys of the fields created so far.
  var createdKeys: Dictionary<String, DataField>.Keys { fields.keys }

  /// The fields created so far (those the rules read), by key.
  var createdFields: [DataField] { fields.keys.sorted().map { fields[$0]! } }

  /// Every universe key's field (for key sets and equality).
  func allFields() -> [(key: String, field: DataField)] {
    symbols.universe.map { ($0, field($0)) }
  }

  /// The map's keys.
  var keys: KeySet {
    KeySet(members: Dictionary(uniqueKeysWithValues: allFields().map { ($0.key, $0.field.present) }), others: others)
  }
}

/// The 64-bit range of rules integers (arithmetic beyond it is an error in Flint's engine).
enum IntegerRange {
  static func contains(_ term: Term, in z3: Z3) -> Term {
    z3.and([z3.ge(term, z3.int(Int64.min)), z3.le(term, z3.int(Int64.max))])
  }
}

/// Timestamps from 0001-01-01 to 9999-12-31 (Firestore's range), as microseconds since the epoch
/// (Firestore keeps microseconds); durations are microseconds too.
enum TimeRange {
  static let lowest: Int64 = -62_135_596_800 * 1_000_000
  static let highest: Int64 = 253_402_300_799 * 1_000_000 + 999_999

  static func contains(_ term: Term, in z3: Z3) -> Term {
    z3.and([z3.ge(term, z3.int(lowest)), z3.le(term, z3.int(highest))])
  }
}

/// Unknown strings (fields, `request.auth.uid`) have at most `longest` characters (enough for a
/// witness): `size()` of a string is an approximation.
enum StringBound {
  static let longest = 64
}
