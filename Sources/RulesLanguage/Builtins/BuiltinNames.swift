/// A built-in function the checks know by name: a global such as `get(path)` or a namespace
/// member such as `math.abs(x)`.
package struct BuiltinFunction: Hashable, Sendable {
  /// Whether a call can succeed in Cloud Firestore.
  package enum Status: Hashable, Sendable {
    case supported
    /// Documented somewhere but rejected by the production engine; the reason says why.
    case unsupported(String)
    /// Available in the emulator only: production rejects calls at run time; the reason says why.
    case emulatorOnly(String)
  }

  package var name: String
  /// The accepted argument counts.
  package var arity: ClosedRange<Int>
  package var status: Status
  /// What hover and completion show.
  package var doc: BuiltinDoc

  package init(_ name: String, arity: ClosedRange<Int>, doc: BuiltinDoc, status: Status = .supported) {
    self.name = name
    self.arity = arity
    self.doc = doc
    self.status = status
  }

  package init(_ name: String, arity: Int, doc: BuiltinDoc, status: Status = .supported) {
    self.init(name, arity: arity...arity, doc: doc, status: status)
  }
}

/// The names the language predefines in every service: global functions and the members of the
/// `math`, `timestamp`, `duration`, `latlng` and `hashing` namespaces (rules-language
/// §4.13-§4.21), and the methods of each value type. The names one service adds (its `request`
/// and `resource` properties, its lookup functions) are `RulesService`'s. With it, this is the
/// one table the checks consult and the one hover and completion read: every entry carries its
/// `BuiltinDoc`.
package enum BuiltinNames {
  /// Global functions every service has (§4.19, §4.21); each service adds its own (the lookup
  /// functions): `RulesService.functions` is the whole set a file sees.
  package static let globalFunctions: [String: BuiltinFunction] = table([
    BuiltinFunction(
      "int", arity: 1,
      doc: BuiltinDoc(
        "int(value) -> int",
        "Converts a float (truncating) or a numeric string to an integer.")),
    BuiltinFunction(
      "float", arity: 1,
      doc: BuiltinDoc(
        "float(value) -> float",
        "Converts an integer or a numeric string to a float.")),
    BuiltinFunction(
      "string", arity: 1,
      doc: BuiltinDoc(
        "string(value) -> string",
        "The text form of a value.")),
    BuiltinFunction(
      "path", arity: 1,
      doc: BuiltinDoc(
        "path(string) -> path",
        "A path from its text, e.g. `path('/databases/' + database + '/documents/users/' + uid)`.")),
    BuiltinFunction(
      "debug", arity: 1,
      doc: BuiltinDoc(
        "debug(value) -> value",
        "Emulator only: logs and returns `value`. Production fails the call (`Function not found`), so every request that evaluates it is denied."
      ),
      status: .emulatorOnly(
        "production reports 'Function not found error: Name: [debug].' (rules-language §4.18); remove it before deploying"
      )),
    BuiltinFunction(
      "bool", arity: 1,
      doc: BuiltinDoc(
        "bool(value) -> bool",
        "Documented but not in production: the call fails with `Function not found`, so the request is denied."),
      status: .unsupported("production reports 'Function not found error: Name: [bool].' (rules-language §4.2)")),
  ])

  /// What each namespace holds, for hover and completion.
  package static let namespaceSummaries: [String: String] = [
    "math": "Arithmetic functions: abs, ceil, floor, round, sqrt, pow, isNaN.",
    "timestamp": "Timestamps: timestamp.date(y, m, d), timestamp.value(millis).",
    "duration": "Durations: duration.value(n, unit), duration.time(h, m, s, ns), duration.abs(d).",
    "latlng": "Points: latlng.value(lat, lng).",
    "hashing": "Digests: crc32, crc32c, md5, sha256.",
  ]

  /// Namespace members, by namespace name (§4.13-§4.17).
  package static let namespaces: [String: [String: BuiltinFunction]] = [
    "math": table([
      BuiltinFunction(
        "abs", arity: 1,
        doc: BuiltinDoc(
          "math.abs(number) -> number",
          "The absolute value.")),
      BuiltinFunction(
        "ceil", arity: 1,
        doc: BuiltinDoc(
          "math.ceil(number) -> int",
          "The smallest integer not below the number.")),
      BuiltinFunction(
        "floor", arity: 1,
        doc: BuiltinDoc(
          "math.floor(number) -> int",
          "The largest integer not above the number.")),
      BuiltinFunction(
        "round", arity: 1,
        doc: BuiltinDoc(
          "math.round(number) -> int",
          "The nearest integer, halves away from zero.")),
      BuiltinFunction(
        "sqrt", arity: 1,
        doc: BuiltinDoc(
          "math.sqrt(number) -> float",
          "The square root (NaN for a negative number).")),
      BuiltinFunction(
        "pow", arity: 2,
        doc: BuiltinDoc(
          "math.pow(base, exponent) -> float",
          "`base` raised to `exponent`.")),
      BuiltinFunction(
        "isNaN", arity: 1,
        doc: BuiltinDoc(
          "math.isNaN(number) -> bool",
          "Whether the number is NaN.")),
      BuiltinFunction(
        "isInfinite", arity: 1,
        doc: BuiltinDoc(
          "math.isInfinite(number) -> bool",
          "Not in production: the call fails with `Function not found`."),
        status: .unsupported(
          "production reports 'Function not found error: Name: [math.isInfinite].' (rules-language §4.16)")),
    ]),
    "timestamp": table([
      BuiltinFunction(
        "date", arity: 3,
        doc: BuiltinDoc(
          "timestamp.date(year, month, day) -> timestamp",
          "Midnight UTC of that day.")),
      BuiltinFunction(
        "value", arity: 1,
        doc: BuiltinDoc(
          "timestamp.value(epochMillis) -> timestamp",
          "The timestamp this many milliseconds after the Unix epoch.")),
    ]),
    "duration": table([
      BuiltinFunction(
        "value", arity: 2,
        doc: BuiltinDoc(
          "duration.value(magnitude, unit) -> duration",
          "A duration; unit is one of 'w', 'd', 'h', 'm', 's', 'ms', 'ns'.")),
      BuiltinFunction(
        "time", arity: 4,
        doc: BuiltinDoc(
          "duration.time(hours, minutes, seconds, nanos) -> duration",
          "A duration from its parts.")),
      BuiltinFunction(
        "abs", arity: 1,
        doc: BuiltinDoc(
          "duration.abs(duration) -> duration",
          "The absolute value of a duration.")),
    ]),
    "latlng": table([
      BuiltinFunction(
        "value", arity: 2,
        doc: BuiltinDoc(
          "latlng.value(latitude, longitude) -> latlng",
          "A geographic point."))
    ]),
    "hashing": table([
      BuiltinFunction(
        "crc32", arity: 1,
        doc: BuiltinDoc(
          "hashing.crc32(string | bytes) -> int",
          "The CRC32 checksum.")),
      BuiltinFunction(
        "crc32c", arity: 1,
        doc: BuiltinDoc(
          "hashing.crc32c(string | bytes) -> int",
          "The CRC32C checksum.")),
      BuiltinFunction(
        "md5", arity: 1,
        doc: BuiltinDoc(
          "hashing.md5(string | bytes) -> bytes",
          "The MD5 digest.")),
      BuiltinFunction(
        "sha256", arity: 1,
        doc: BuiltinDoc(
          "hashing.sha256(string | bytes) -> bytes",
          "The SHA-256 digest.")),
    ]),
  ]

  /// Every method some value type has (§4.6-§4.15), with its documentation (a name several
  /// types share is described once): string, bytes, list, set, map, map_diff, path,
  /// timestamp, duration and latlng methods.
  package static let methodDocs: [String: BuiltinDoc] = [
    // string
    "lower": BuiltinDoc("string.lower() -> string", "The string in lower case."),
    "upper": BuiltinDoc("string.upper() -> string", "The string in upper case."),
    "trim": BuiltinDoc("string.trim() -> string", "The string without leading and trailing whitespace."),
    "matches": BuiltinDoc(
      "string.matches(regex) -> bool", "Whether the whole string matches an RE2 regular expression."),
    "replace": BuiltinDoc("string.replace(regex, replacement) -> string", "Every match of the regex replaced."),
    "split": BuiltinDoc("string.split(regex) -> list", "The parts between matches of the regex."),
    "toUtf8": BuiltinDoc("string.toUtf8() -> bytes", "The UTF-8 bytes of the string."),
    "size": BuiltinDoc("size() -> int", "The length of a string (characters), bytes, list, set or map."),
    // bytes
    "toBase64": BuiltinDoc("bytes.toBase64() -> string", "The bytes in Base64."),
    "toHexString": BuiltinDoc("bytes.toHexString() -> string", "The bytes in hexadecimal."),
    // list and set
    "concat": BuiltinDoc("list.concat(list) -> list", "The two lists joined."),
    "hasAll": BuiltinDoc("list|set.hasAll(list) -> bool", "Whether every element of the argument is in the receiver."),
    "hasAny": BuiltinDoc("list|set.hasAny(list) -> bool", "Whether some element of the argument is in the receiver."),
    "hasOnly": BuiltinDoc(
      "list|set.hasOnly(list) -> bool",
      "Whether every element of the receiver is in the argument (e.g. `keys().hasOnly([...])` limits the fields)."),
    "join": BuiltinDoc("list.join(separator) -> string", "The elements joined with a separator."),
    "removeAll": BuiltinDoc("list.removeAll(list) -> list", "The list without the argument's elements."),
    "toSet": BuiltinDoc("list.toSet() -> set", "The list's distinct elements as a set."),
    "difference": BuiltinDoc("set.difference(set) -> set", "Elements of the receiver not in the argument."),
    "intersection": BuiltinDoc("set.intersection(set) -> set", "Elements in both sets."),
    "union": BuiltinDoc("set.union(set) -> set", "Elements in either set."),
    // map and map_diff
    "diff": BuiltinDoc(
      "map.diff(map) -> map_diff",
      "What changed from the argument to the receiver: `request.resource.data.diff(resource.data)`."),
    "get": BuiltinDoc(
      "map.get(key, default) -> value",
      "The value at `key` (a string or a list of keys for a nested field), or `default` when missing."),
    "keys": BuiltinDoc("map.keys() -> list", "The map's keys."),
    "values": BuiltinDoc("map.values() -> list", "The map's values."),
    "addedKeys": BuiltinDoc("map_diff.addedKeys() -> set", "Keys in the new map only."),
    "removedKeys": BuiltinDoc("map_diff.removedKeys() -> set", "Keys in the old map only."),
    "changedKeys": BuiltinDoc("map_diff.changedKeys() -> set", "Keys in both whose values differ."),
    "unchangedKeys": BuiltinDoc("map_diff.unchangedKeys() -> set", "Keys in both with equal values."),
    "affectedKeys": BuiltinDoc(
      "map_diff.affectedKeys() -> set", "Added, removed and changed keys: what a write touches."),
    // path
    "bind": BuiltinDoc("path.bind(map) -> path", "The path with its wildcards bound from the map."),
    // timestamp and duration
    "date": BuiltinDoc("timestamp.date() -> timestamp", "The timestamp at midnight of its day (UTC)."),
    "time": BuiltinDoc("timestamp.time() -> duration", "The time since midnight."),
    "year": BuiltinDoc("timestamp.year() -> int", "The year (UTC)."),
    "month": BuiltinDoc("timestamp.month() -> int", "The month, 1 to 12."),
    "day": BuiltinDoc("timestamp.day() -> int", "The day of the month."),
    "hours": BuiltinDoc("timestamp.hours() -> int", "The hour, 0 to 23."),
    "minutes": BuiltinDoc("timestamp.minutes() -> int", "The minute, 0 to 59."),
    "seconds": BuiltinDoc("timestamp|duration.seconds() -> int", "The seconds part."),
    "nanos": BuiltinDoc("timestamp|duration.nanos() -> int", "The nanoseconds part."),
    "dayOfWeek": BuiltinDoc("timestamp.dayOfWeek() -> int", "The day of the week, 1 (Monday) to 7 (Sunday)."),
    "dayOfYear": BuiltinDoc("timestamp.dayOfYear() -> int", "The day of the year, from 1."),
    "toMillis": BuiltinDoc("timestamp.toMillis() -> int", "Milliseconds since the Unix epoch."),
    // latlng
    "latitude": BuiltinDoc("latlng.latitude() -> float", "The latitude in degrees."),
    "longitude": BuiltinDoc("latlng.longitude() -> float", "The longitude in degrees."),
    "distance": BuiltinDoc("latlng.distance(latlng) -> float", "The distance in meters."),
  ]

  /// Every method name some value type has. A call to any other name always fails with
  /// `Function not found error`.
  package static let methods: Set<String> = Set(methodDocs.keys)

  /// Type names accepted after `is`: `TypeName.known` plus `null` (treated as `== null`).
  package static let typeNames: Set<String> = TypeName.known.union(["null"])

  static func table(_ functions: [BuiltinFunction]) -> [String: BuiltinFunction] {
    Dictionary(uniqueKeysWithValues: functions.map { ($0.name, $0) })
  }
}
