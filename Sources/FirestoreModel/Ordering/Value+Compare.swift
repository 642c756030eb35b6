/// Firestore's total order over document values, as used by `orderBy`, range filters,
/// cursors and index entries.
///
/// - Across types: `ValueTypeOrder` (null < booleans < numbers < timestamps < strings
///   < bytes < references < geopoints < arrays < maps).
/// - Numbers: NaN first (all NaNs equal), then integers and doubles compared by exact
///   numeric value (`1 == 1.0`, `-0.0 == 0.0`, `2^63-1 < 9.223372036854775807e18`).
/// - Strings: UTF-8 byte order (not Swift's Unicode-canonical `<`); bytes: byte order.
/// - References: segment by segment, segments in UTF-8 byte order, a prefix first.
/// - Geopoints: latitude, then longitude.
/// - Arrays: element by element, then the shorter first.
/// - Maps: keys sorted in UTF-8 byte order, then pairwise by key, then by value; then
///   the map with fewer entries first.
extension Value {
  /// Negative when `a` sorts before `b`, zero when they are equivalent, positive otherwise.
  package static func compare(_ a: Value, _ b: Value) -> Int {
    let ta = a.typeOrder
    let tb = b.typeOrder
    if ta != tb { return ta < tb ? -1 : 1 }
    switch (a, b) {
    case (.null, .null): return 0
    case (.boolean(let x), .boolean(let y)): return x == y ? 0 : (x ? 1 : -1)
    case (.timestamp(let x), .timestamp(let y)): return x == y ? 0 : (x < y ? -1 : 1)
    case (.string(let x), .string(let y)): return compareUTF8(x, y)
    case (.bytes(let x), .bytes(let y)): return compareSequences(x, y)
    case (.reference(let x), .reference(let y)): return compareSegments(x.segments, y.segments)
    case (.geoPoint(let x), .geoPoint(let y)):
      let byLatitude = compareDoubles(x.latitude, y.latitude)
      return byLatitude != 0 ? byLatitude : compareDoubles(x.longitude, y.longitude)
    case (.array(let x), .array(let y)): return compareArrays(x, y)
    case (.map(let x), .map(let y)): return compareMaps(x, y)
    default: return compareNumbers(a, b)
    }
  }

  /// `compare(a, b) < 0`, for `sort(by:)`.
  package static func sortsBefore(_ a: Value, _ b: Value) -> Bool {
    compare(a, b) < 0
  }

  /// Equality as query filters see it: `compare(a, b) == 0`. So `1` matches `1.0`,
  /// `-0.0` matches `0.0`, NaN matches NaN (what `== NaN`, sent as IS_NAN, does), strings
  /// match only byte for byte, and maps match regardless of key order.
  package static func filterEquals(_ a: Value, _ b: Value) -> Bool {
    compare(a, b) == 0
  }

  // MARK: Parts

  static func compareNumbers(_ a: Value, _ b: Value) -> Int {
    switch (a, b) {
    case (.integer(let x), .integer(let y)): return x == y ? 0 : (x < y ? -1 : 1)
    case (.double(let x), .double(let y)): return compareDoubles(x, y)
    case (.integer(let x), .double(let y)): return compareIntToDouble(x, y)
    case (.double(let x), .integer(let y)): return -compareIntToDouble(y, x)
    default: return 0
    }
  }

  /// Doubles with NaN lowest and equal to itself; `-0.0 == 0.0`.
  static func compareDoubles(_ x: Double, _ y: Double) -> Int {
    if x.isNaN || y.isNaN { return x.isNaN ? (y.isNaN ? 0 : -1) : 1 }
    return x < y ? -1 : (x > y ? 1 : 0)
  }

  /// Exact comparison of an Int64 with a double, without rounding the integer.
  static func compareIntToDouble(_ x: Int64, _ y: Double) -> Int {
    if y.isNaN { return 1 }
    // 2^63 is exactly representable; every Int64 is below it and at or above -2^63.
    if y >= 9_223_372_036_854_775_808.0 { return -1 }
    if y < -9_223_372_036_854_775_808.0 { return 1 }
    let whole = y.rounded(.towardZero)
    let truncated = Int64(whole)
    if x != truncated { return x < truncated ? -1 : 1 }
    let fraction = y - whole
    return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0)
  }

  static func compareUTF8(_ x: String, _ y: String) -> Int {
    compareSequences(x.utf8, y.utf8)
  }

  static func compareSequences<S: Sequence>(_ x: S, _ y: S) -> Int where S.Element == UInt8 {
    var ix = x.makeIterator()
    var iy = y.makeIterator()
    while true {
      switch (ix.next(), iy.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let p?, let q?): if p != q { return p < q ? -1 : 1 }
      }
    }
  }

  static func compareSegments(_ x: [String], _ y: [String]) -> Int {
    for (p, q) in zip(x, y) {
      let c = compareUTF8(p, q)
      if c != 0 { return c }
    }
    return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
  }

  static func compareArrays(_ x: [Value], _ y: [Value]) -> Int {
    for (p, q) in zip(x, y) {
      let c = compare(p, q)
      if c != 0 { return c }
    }
    return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
  }

  static func compareMaps(_ x: [String: Value], _ y: [String: Value]) -> Int {
    let keysX = sortedKeys(x)
    let keysY = sortedKeys(y)
    for (kx, ky) in zip(keysX, keysY) {
      let byKey = compareUTF8(kx, ky)
      if byKey != 0 { return byKey }
      let byValue = compare(x[kx]!, y[ky]!)
      if byValue != 0 { return byValue }
    }
    return keysX.count == keysY.count ? 0 : (keysX.count < keysY.count ? -1 : 1)
  }

  /// Map keys in UTF-8 byte order (the order Firestore compares and stores them in).
  package static func sortedKeys(_ map: [String: Value]) -> [String] {
    map.keys.sorted { compareUTF8($0, $1) < 0 }
  }
}
