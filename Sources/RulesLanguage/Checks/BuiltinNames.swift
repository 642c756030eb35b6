/// A built-in function the checks know by name: a global such as `get(path)` or a namespace
/// member such as `math.abs(x)`.
public struct BuiltinFunction: Hashable, Sendable {
  /// Whether a call can succeed in Cloud Firestore.
  public enum Status: Hashable, Sendable {
    case supported
    /// Documented somewhere but rejected by the production engine; the reason says why.
    case unsupported(String)
    /// Available in the emulator only: production rejects calls at run time; the reason says why.
    case emulatorOnly(String)
  }

  public var name: String
  /// The accepted argument counts.
  public var arity: ClosedRange<Int>
  public var status: Status

  public init(_ name: String, arity: ClosedRange<Int>, status: Status = .supported) {
    self.name = name
    self.arity = arity
    self.status = status
  }

  public init(_ name: String, arity: Int, status: Status = .supported) {
    self.init(name, arity: arity...arity, status: status)
  }
}

/// The names the language predefines: global variables, global functions and the members of
/// the `math`, `timestamp`, `duration`, `latlng` and `hashing` namespaces
/// (rules-language §4.13-§4.21, §5.4). This is the one table the checks consult.
public enum BuiltinNames {
  /// Variables visible everywhere inside `service cloud.firestore` (§5.4). `database` is not
  /// here: it exists only where an enclosing `match` binds `{database}`.
  public static let globalVariables: Set<String> = ["request", "resource"]

  /// Global functions (§4.19, §4.21).
  public static let globalFunctions: [String: BuiltinFunction] = table([
    BuiltinFunction("get", arity: 1),
    BuiltinFunction("exists", arity: 1),
    BuiltinFunction("getAfter", arity: 1),
    BuiltinFunction("existsAfter", arity: 1),
    BuiltinFunction("int", arity: 1),
    BuiltinFunction("float", arity: 1),
    BuiltinFunction("string", arity: 1),
    BuiltinFunction("path", arity: 1),
    BuiltinFunction(
      "debug", arity: 1,
      status: .emulatorOnly(
        "production reports 'Function not found error: Name: [debug].' (rules-language §4.18); remove it before deploying")),
    BuiltinFunction(
      "bool", arity: 1,
      status: .unsupported("production reports 'Function not found error: Name: [bool].' (rules-language §4.2)")),
  ])

  /// Namespace members, by namespace name (§4.13-§4.17).
  public static let namespaces: [String: [String: BuiltinFunction]] = [
    "math": table([
      BuiltinFunction("abs", arity: 1),
      BuiltinFunction("ceil", arity: 1),
      BuiltinFunction("floor", arity: 1),
      BuiltinFunction("round", arity: 1),
      BuiltinFunction("sqrt", arity: 1),
      BuiltinFunction("pow", arity: 2),
      BuiltinFunction("isNaN", arity: 1),
      BuiltinFunction(
        "isInfinite", arity: 1,
        status: .unsupported(
          "production reports 'Function not found error: Name: [math.isInfinite].' (rules-language §4.16)")),
    ]),
    "timestamp": table([
      BuiltinFunction("date", arity: 3),
      BuiltinFunction("value", arity: 1),
    ]),
    "duration": table([
      BuiltinFunction("value", arity: 2),
      BuiltinFunction("time", arity: 4),
      BuiltinFunction("abs", arity: 1),
    ]),
    "latlng": table([
      BuiltinFunction("value", arity: 2)
    ]),
    "hashing": table([
      BuiltinFunction("crc32", arity: 1),
      BuiltinFunction("crc32c", arity: 1),
      BuiltinFunction("md5", arity: 1),
      BuiltinFunction("sha256", arity: 1),
    ]),
  ]

  /// Every method name some value type has (§4.6-§4.15): string, bytes, list, set, map,
  /// map_diff, path, timestamp, duration and latlng methods. A call to any other name always
  /// fails with `Function not found error`.
  public static let methods: Set<String> = [
    // string
    "lower", "upper", "matches", "replace", "size", "split", "toUtf8", "trim",
    // bytes
    "toBase64", "toHexString",
    // list and set
    "concat", "hasAll", "hasAny", "hasOnly", "join", "removeAll", "toSet", "difference", "intersection", "union",
    // map and map_diff
    "diff", "get", "keys", "values", "addedKeys", "removedKeys", "changedKeys", "unchangedKeys", "affectedKeys",
    // path
    "bind",
    // timestamp
    "date", "year", "month", "day", "hours", "minutes", "seconds", "nanos", "dayOfWeek", "dayOfYear", "time",
    "toMillis",
    // latlng
    "latitude", "longitude", "distance",
  ]

  /// Type names accepted after `is`: `TypeName.known` plus `null` (treated as `== null`).
  public static let typeNames: Set<String> = TypeName.known.union(["null"])

  /// The only service Flint evaluates.
  public static let serviceName = "cloud.firestore"

  private static func table(_ functions: [BuiltinFunction]) -> [String: BuiltinFunction] {
    Dictionary(uniqueKeysWithValues: functions.map { ($0.name, $0) })
  }
}
