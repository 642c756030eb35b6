/// Signatures and one-line descriptions of the language's built-in names, for hover and
/// completion (rules-language §4-§5, in Flint's words).
enum BuiltinDocs {
  struct Entry {
    var signature: String
    var summary: String
  }

  /// Global functions and namespace members, keyed `get` or `math.abs`.
  static let functions: [String: Entry] = [
    "get": Entry("get(path) -> resource", "The document at `path` as it is before the request; a missing document is an error (the request is denied). Counts toward the 10/20 lookup limit."),
    "exists": Entry("exists(path) -> bool", "Whether a document exists at `path` before the request. Counts toward the lookup limit."),
    "getAfter": Entry("getAfter(path) -> resource", "The document at `path` as it would be after the request (or the whole batch) succeeds."),
    "existsAfter": Entry("existsAfter(path) -> bool", "Whether a document would exist at `path` after the request succeeds."),
    "int": Entry("int(value) -> int", "Converts a float (truncating) or a numeric string to an integer."),
    "float": Entry("float(value) -> float", "Converts an integer or a numeric string to a float."),
    "string": Entry("string(value) -> string", "The text form of a value."),
    "path": Entry("path(string) -> path", "A path from its text, e.g. `path('/databases/' + database + '/documents/users/' + uid)`."),
    "debug": Entry("debug(value) -> value", "Emulator only: logs and returns `value`. Production fails the call (`Function not found`), so every request that evaluates it is denied."),
    "bool": Entry("bool(value) -> bool", "Documented but not in production: the call fails with `Function not found`, so the request is denied."),
    "math.abs": Entry("math.abs(number) -> number", "The absolute value."),
    "math.ceil": Entry("math.ceil(number) -> int", "The smallest integer not below the number."),
    "math.floor": Entry("math.floor(number) -> int", "The largest integer not above the number."),
    "math.round": Entry("math.round(number) -> int", "The nearest integer, halves away from zero."),
    "math.sqrt": Entry("math.sqrt(number) -> float", "The square root (NaN for a negative number)."),
    "math.pow": Entry("math.pow(base, exponent) -> float", "`base` raised to `exponent`."),
    "math.isNaN": Entry("math.isNaN(number) -> bool", "Whether the number is NaN."),
    "math.isInfinite": Entry("math.isInfinite(number) -> bool", "Not in production: the call fails with `Function not found`."),
    "timestamp.date": Entry("timestamp.date(year, month, day) -> timestamp", "Midnight UTC of that day."),
    "timestamp.value": Entry("timestamp.value(epochMillis) -> timestamp", "The timestamp this many milliseconds after the Unix epoch."),
    "duration.value": Entry("duration.value(magnitude, unit) -> duration", "A duration; unit is one of 'w', 'd', 'h', 'm', 's', 'ms', 'ns'."),
    "duration.time": Entry("duration.time(hours, minutes, seconds, nanos) -> duration", "A duration from its parts."),
    "duration.abs": Entry("duration.abs(duration) -> duration", "The absolute value of a duration."),
    "latlng.value": Entry("latlng.value(latitude, longitude) -> latlng", "A geographic point."),
    "hashing.crc32": Entry("hashing.crc32(string | bytes) -> int", "The CRC32 checksum."),
    "hashing.crc32c": Entry("hashing.crc32c(string | bytes) -> int", "The CRC32C checksum."),
    "hashing.md5": Entry("hashing.md5(string | bytes) -> bytes", "The MD5 digest."),
    "hashing.sha256": Entry("hashing.sha256(string | bytes) -> bytes", "The SHA-256 digest."),
  ]

  /// Methods, keyed by name; a name several types share is described once.
  static let methods: [String: Entry] = [
    "lower": Entry("string.lower() -> string", "The string in lower case."),
    "upper": Entry("string.upper() -> string", "The string in upper case."),
    "trim": Entry("string.trim() -> string", "The string without leading and trailing whitespace."),
    "matches": Entry("string.matches(regex) -> bool", "Whether the whole string matches an RE2 regular expression."),
    "replace": Entry("string.replace(regex, replacement) -> string", "Every match of the regex replaced."),
    "split": Entry("string.split(regex) -> list", "The parts between matches of the regex."),
    "toUtf8": Entry("string.toUtf8() -> bytes", "The UTF-8 bytes of the string."),
    "size": Entry("size() -> int", "The length of a string (characters), bytes, list, set or map."),
    "toBase64": Entry("bytes.toBase64() -> string", "The bytes in Base64."),
    "toHexString": Entry("bytes.toHexString() -> string", "The bytes in hexadecimal."),
    "concat": Entry("list.concat(list) -> list", "The two lists joined."),
    "hasAll": Entry("list|set.hasAll(list) -> bool", "Whether every element of the argument is in the receiver."),
    "hasAny": Entry("list|set.hasAny(list) -> bool", "Whether some element of the argument is in the receiver."),
    "hasOnly": Entry("list|set.hasOnly(list) -> bool", "Whether every element of the receiver is in the argument (e.g. `keys().hasOnly([...])` limits the fields)."),
    "join": Entry("list.join(separator) -> string", "The elements joined with a separator."),
    "removeAll": Entry("list.removeAll(list) -> list", "The list without the argument's elements."),
    "toSet": Entry("list.toSet() -> set", "The list's distinct elements as a set."),
    "difference": Entry("set.difference(set) -> set", "Elements of the receiver not in the argument."),
    "intersection": Entry("set.intersection(set) -> set", "Elements in both sets."),
    "union": Entry("set.union(set) -> set", "Elements in either set."),
    "diff": Entry("map.diff(map) -> map_diff", "What changed from the argument to the receiver: `request.resource.data.diff(resource.data)`."),
    "get": Entry("map.get(key, default) -> value", "The value at `key` (a string or a list of keys for a nested field), or `default` when missing."),
    "keys": Entry("map.keys() -> list", "The map's keys."),
    "values": Entry("map.values() -> list", "The map's values."),
    "addedKeys": Entry("map_diff.addedKeys() -> set", "Keys in the new map only."),
    "removedKeys": Entry("map_diff.removedKeys() -> set", "Keys in the old map only."),
    "changedKeys": Entry("map_diff.changedKeys() -> set", "Keys in both whose values differ."),
    "unchangedKeys": Entry("map_diff.unchangedKeys() -> set", "Keys in both with equal values."),
    "affectedKeys": Entry("map_diff.affectedKeys() -> set", "Added, removed and changed keys: what a write touches."),
    "bind": Entry("path.bind(map) -> path", "The path with its wildcards bound from the map."),
    "date": Entry("timestamp.date() -> timestamp", "The timestamp at midnight of its day (UTC)."),
    "time": Entry("timestamp.time() -> duration", "The time since midnight."),
    "year": Entry("timestamp.year() -> int", "The year (UTC)."),
    "month": Entry("timestamp.month() -> int", "The month, 1 to 12."),
    "day": Entry("timestamp.day() -> int", "The day of the month."),
    "hours": Entry("timestamp.hours() -> int", "The hour, 0 to 23."),
    "minutes": Entry("timestamp.minutes() -> int", "The minute, 0 to 59."),
    "seconds": Entry("timestamp|duration.seconds() -> int", "The seconds part."),
    "nanos": Entry("timestamp|duration.nanos() -> int", "The nanoseconds part."),
    "dayOfWeek": Entry("timestamp.dayOfWeek() -> int", "The day of the week, 1 (Monday) to 7 (Sunday)."),
    "dayOfYear": Entry("timestamp.dayOfYear() -> int", "The day of the year, from 1."),
    "toMillis": Entry("timestamp.toMillis() -> int", "Milliseconds since the Unix epoch."),
    "latitude": Entry("latlng.latitude() -> float", "The latitude in degrees."),
    "longitude": Entry("latlng.longitude() -> float", "The longitude in degrees."),
    "distance": Entry("latlng.distance(latlng) -> float", "The distance in meters."),
  ]

  /// The request and resource variables and their properties, keyed by their dotted name.
  static let variables: [String: Entry] = [
    "request": Entry("request", "The incoming request: `auth`, `method`, `path`, `query`, `resource`, `time`."),
    "resource": Entry("resource: resource", "The stored document the request reads or changes (`null` for a create): `data`, `id`, `__name__`. In a list, each document the query may return."),
    "request.auth": Entry("request.auth: map | null", "The signed-in user (`uid`, `token`), or `null` when no one is signed in."),
    "request.auth.uid": Entry("request.auth.uid: string", "The signed-in user's id."),
    "request.auth.token": Entry("request.auth.token: map", "The ID token's claims: `email`, `email_verified`, `firebase.sign_in_provider`, custom claims."),
    "request.method": Entry("request.method: string", "One of get, list, create, update, delete."),
    "request.path": Entry("request.path: path", "The path of the document or collection the request is for."),
    "request.time": Entry("request.time: timestamp", "When the server received the request (and the value of `serverTimestamp()` writes)."),
    "request.resource": Entry("request.resource: resource", "The document as it would be after the write: for an update, the stored document with the changes merged."),
    "request.resource.data": Entry("request.resource.data: map", "The fields of the document after the write; written by the client, so validate it."),
    "request.query": Entry("request.query: map", "For a list: `limit`, `offset` and `orderBy` of the query (never its filters or selected fields)."),
    "request.query.limit": Entry("request.query.limit: int", "The query's limit, if any."),
    "request.query.offset": Entry("request.query.offset: int", "The query's offset, if any."),
    "request.query.orderBy": Entry("request.query.orderBy: map", "The query's order-by fields."),
    "resource.data": Entry("resource.data: map", "The stored document's fields. Rules grant or deny the whole document: they cannot hide one field."),
    "resource.id": Entry("resource.id: string", "The document's id (its last path segment)."),
    "resource.__name__": Entry("resource.__name__: path", "The document's full path."),
  ]

  /// The namespaces, for completion.
  static let namespaces: [String: String] = [
    "math": "Arithmetic functions: abs, ceil, floor, round, sqrt, pow, isNaN.",
    "timestamp": "Timestamps: timestamp.date(y, m, d), timestamp.value(millis).",
    "duration": "Durations: duration.value(n, unit), duration.time(h, m, s, ns), duration.abs(d).",
    "latlng": "Points: latlng.value(lat, lng).",
    "hashing": "Digests: crc32, crc32c, md5, sha256.",
  ]
}

extension BuiltinDocs.Entry {
  init(_ signature: String, _ summary: String) {
    self.init(signature: signature, summary: summary)
  }

  var markdown: String { "```\n\(signature)\n```\n\(summary)" }
}
