/// The static type of a rules expression, where it is certain. `unknown` is the default and
/// never produces a warning: document fields, parameters, `request.auth` (a map or null) and
/// anything not worked out below stay unknown.
enum StaticType: String, Hashable, Sendable {
  case unknown
  case null, bool, int, float
  /// An int or a float (e.g. `math.abs` of an unknown number).
  case number
  case string, bytes, list, set, map
  case mapDiff = "map_diff"
  case path, timestamp, duration, latlng
  /// A document as `resource`, `request.resource` or `get()` returns it: `data`, `id`, `__name__`.
  case resource
  /// A Cloud Storage object as `resource` or `request.resource` holds it: `size`, `contentType`,
  /// `metadata`, ...
  case object

  var isKnown: Bool { self != .unknown }
  var isNumeric: Bool { self == .int || self == .float || self == .number }

  /// The name used in messages (Google's type names).
  var name: String { rawValue }

  /// Whether values of the two types could ever be equal (`==`): numbers compare across int and
  /// float; anything unknown might.
  static func mayBeEqual(_ a: StaticType, _ b: StaticType) -> Bool {
    if !a.isKnown || !b.isKnown || a == b { return true }
    if a.isNumeric && b.isNumeric { return true }
    return false
  }

  /// The types `<`, `<=`, `>`, `>=` accept (both operands of one family).
  static func orderable(_ a: StaticType, _ b: StaticType) -> Bool? {
    guard a.isKnown, b.isKnown else { return nil }
    if a.isNumeric && b.isNumeric { return true }
    return a == b && [.string, .timestamp, .duration].contains(a)
  }

  /// The result of `a op b` for arithmetic, `nil` when the engine rejects the operands (a
  /// run-time error), `unknown` when unsure.
  static func arithmetic(_ op: BinaryOperator, _ a: StaticType, _ b: StaticType) -> StaticType? {
    guard a.isKnown, b.isKnown else { return .unknown }
    if a.isNumeric && b.isNumeric {
      if a == .int && b == .int { return .int }
      if a == .float || b == .float { return .float }
      return .number
    }
    switch (op, a, b) {
    case (.add, .string, .string): return .string
    case (.add, .timestamp, .duration), (.add, .duration, .timestamp): return .timestamp
    case (.add, .duration, .duration), (.subtract, .duration, .duration): return .duration
    case (.subtract, .timestamp, .duration): return .timestamp
    case (.subtract, .timestamp, .timestamp): return .duration
    default: return nil
    }
  }

  /// The methods a value of this type has, with their result types (rules-language §4.6-§4.15,
  /// as the engine dispatches them). `nil` for unknown types. (Tables built once: this is asked
  /// for every method call of a file.)
  /// (A switch, not a dictionary keyed by type: a raw-value enum hashes its raw string.)
  var methods: [String: StaticType]? {
    switch self {
    case .unknown, .number: nil
    case .null, .bool, .int, .float, .resource, .object: Self.noMethods
    case .string: Self.stringMethods
    case .bytes: Self.bytesMethods
    case .list: Self.listMethods
    case .set: Self.setMethods
    case .map: Self.mapMethods
    case .mapDiff: Self.mapDiffMethods
    case .path: Self.pathMethods
    case .timestamp: Self.timestampMethods
    case .duration: Self.durationMethods
    case .latlng: Self.latlngMethods
    }
  }

  private static let noMethods: [String: StaticType] = [:]
  private static let stringMethods = methodTables[.string]!!
  private static let bytesMethods = methodTables[.bytes]!!
  private static let listMethods = methodTables[.list]!!
  private static let setMethods = methodTables[.set]!!
  private static let mapMethods = methodTables[.map]!!
  private static let mapDiffMethods = methodTables[.mapDiff]!!
  private static let pathMethods = methodTables[.path]!!
  private static let timestampMethods = methodTables[.timestamp]!!
  private static let durationMethods = methodTables[.duration]!!
  private static let latlngMethods = methodTables[.latlng]!!

  private static let methodTables: [StaticType: [String: StaticType]?] = {
    var tables: [StaticType: [String: StaticType]?] = [:]
    for type in [StaticType.unknown, .number] { tables[type] = .some(nil) }
    for type in [StaticType.null, .bool, .int, .float, .resource, .object] { tables[type] = [:] }
    tables[.string] = [
      "lower": .string, "upper": .string, "trim": .string, "replace": .string, "matches": .bool, "size": .int,
      "split": .list, "toUtf8": .bytes,
    ]
    tables[.bytes] = ["size": .int, "toBase64": .string, "toHexString": .string]
    tables[.list] = [
      "concat": .list, "hasAll": .bool, "hasAny": .bool, "hasOnly": .bool, "join": .string, "removeAll": .list,
      "size": .int, "toSet": .set,
    ]
    tables[.set] = [
      "difference": .set, "intersection": .set, "union": .set, "hasAll": .bool, "hasAny": .bool, "hasOnly": .bool,
      "size": .int,
    ]
    tables[.map] = ["diff": .mapDiff, "get": .unknown, "keys": .list, "values": .list, "size": .int]
    tables[.mapDiff] = [
      "addedKeys": .set, "removedKeys": .set, "changedKeys": .set, "unchangedKeys": .set, "affectedKeys": .set,
    ]
    tables[.path] = ["bind": .path]
    tables[.timestamp] = [
      "date": .timestamp, "time": .duration, "year": .int, "month": .int, "day": .int, "hours": .int,
      "minutes": .int, "seconds": .int, "nanos": .int, "dayOfWeek": .int, "dayOfYear": .int, "toMillis": .int,
    ]
    tables[.duration] = ["seconds": .int, "nanos": .int]
    tables[.latlng] = ["latitude": .float, "longitude": .float, "distance": .float]
    return tables
  }()
}
