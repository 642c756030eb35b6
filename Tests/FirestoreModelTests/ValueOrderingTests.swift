import FirestoreModel
import FlintTestSupport
import Testing

@Suite struct ValueOrderingTests {
  static func ref(_ path: String) -> Value { .reference(ResourcePath(parsing: path)!) }

  /// One representative per type, in Firestore's documented order.
  static let ascending: [Value] = [
    .null,
    .boolean(false), .boolean(true),
    .double(.nan), .double(-1e300), .integer(.min), .integer(-1), .double(-0.5), .integer(0), .double(0.5),
    .integer(1), .double(1.5), .integer(.max), .double(1e19),
    .timestamp(Timestamp(seconds: -10)), .timestamp(Timestamp(seconds: 0, nanos: 1)), .timestamp(Timestamp(seconds: 5)),
    .string(""), .string("A"), .string("a"), .string("aa"), .string("b"), .string("é"), .string("\u{FFFF}"),
    .string("😀"),
    .bytes([]), .bytes([0]), .bytes([0, 1]), .bytes([1]), .bytes([255]),
    ref("a/b"), ref("a/b/c/d"), ref("a/c"), ref("b/a"),
    .geoPoint(GeoPoint(latitude: -10, longitude: 50)), .geoPoint(GeoPoint(latitude: 0, longitude: -1)),
    .geoPoint(GeoPoint(latitude: 0, longitude: 1)),
    .array([]), .array([.null]), .array([.integer(1)]), .array([.integer(1), .integer(0)]), .array([.integer(2)]),
    .array([.string("a")]),
    .map([:]), .map(["a": .integer(1)]), .map(["a": .integer(1), "b": .null]), .map(["a": .integer(2)]),
    .map(["b": .null]),
  ]

  @Test func followsTheDocumentedTotalOrder() {
    let values = Self.ascending
    for i in values.indices {
      for j in values.indices {
        let c = Value.compare(values[i], values[j])
        let expected = i < j ? -1 : (i > j ? 1 : 0)
        #expect(c.signum() == expected, "\(values[i]) vs \(values[j])")
      }
    }
  }

  @Test func sortingShuffledValuesRestoresTheOrder() {
    var generator = SplitMix64(seed: 42)
    let shuffled = Self.ascending.shuffled(using: &generator)
    let sorted = shuffled.sorted(by: Value.sortsBefore)
    #expect(sorted.map(\.typeName) == Self.ascending.map(\.typeName))
    for (a, b) in zip(sorted, Self.ascending) { #expect(Value.compare(a, b) == 0) }
  }

  @Test func numbersCompareAcrossIntegerAndDouble() {
    #expect(Value.compare(.integer(1), .double(1.0)) == 0)
    #expect(Value.compare(.double(-0.0), .double(0.0)) == 0)
    #expect(Value.compare(.integer(0), .double(-0.0)) == 0)
    #expect(Value.compare(.double(.nan), .double(.nan)) == 0)
    #expect(Value.compare(.double(.nan), .integer(.min)) < 0)
    #expect(Value.compare(.double(.nan), .double(-.infinity)) < 0)
    #expect(Value.compare(.double(-.infinity), .integer(.min)) < 0)
    #expect(Value.compare(.double(.infinity), .integer(.max)) > 0)
    // Int64.max rounds to 2^63 as a double; an exact comparison keeps them apart.
    #expect(Value.compare(.integer(.max), .double(9_223_372_036_854_775_807.0)) < 0)
    #expect(Value.compare(.integer(.min), .double(-9_223_372_036_854_775_808.0)) == 0)
    // 2^53 + 1 is not a double; it is above 2^53 and below 2^53 + 2.
    #expect(Value.compare(.integer(9_007_199_254_740_993), .double(9_007_199_254_740_992.0)) > 0)
    #expect(Value.compare(.integer(9_007_199_254_740_993), .double(9_007_199_254_740_994.0)) < 0)
    #expect(Value.compare(.double(2.5), .integer(2)) > 0)
    #expect(Value.compare(.double(-2.5), .integer(-2)) < 0)
    #expect(Value.compare(.boolean(true), .integer(0)) < 0)
  }

  @Test func stringsUseUTF8ByteOrder() {
    // U+FF5E (3 UTF-8 bytes) sorts before U+1F600 (4 bytes) in UTF-8 and code point order,
    // but after it in UTF-16 code-unit order (0xFF5E > 0xD83D).
    #expect(Value.compare(.string("\u{FF5E}"), .string("😀")) < 0)
    // Precomposed and decomposed é are equal Swift strings but different Firestore strings.
    #expect(Value.compare(.string("\u{E9}"), .string("e\u{301}")) != 0)
    #expect(Value.compare(.string("Z"), .string("a")) < 0)
  }

  @Test func mapsCompareBySortedKeysThenValues() {
    #expect(Value.compare(.map(["b": .integer(0)]), .map(["a": .integer(9)])) > 0)
    #expect(Value.compare(.map(["a": .integer(1), "c": .null]), .map(["a": .integer(1), "b": .null])) > 0)
    #expect(Value.compare(.map(["a": .integer(1)]), .map(["a": .double(1.0)])) == 0)
    #expect(Value.compare(.map(["a": .null]), .map(["a": .null, "b": .null])) < 0)
    #expect(Value.sortedKeys(["b": .null, "B": .null, "a": .null]) == ["B", "a", "b"])
  }

  @Test func filterEquality() {
    #expect(Value.filterEquals(.integer(1), .double(1.0)))
    #expect(Value.filterEquals(.double(.nan), .double(.nan)))
    #expect(!Value.filterEquals(.integer(1), .string("1")))
    #expect(!Value.filterEquals(.null, .boolean(false)))
    #expect(Value.filterEquals(.array([.integer(1)]), .array([.double(1)])))
  }

  @Test func typeHelpers() {
    #expect(Value.double(.nan).isNaN)
    #expect(!Value.integer(0).isNaN)
    #expect(Value.double(.nan).typeOrder == .number)
    #expect(Value.null.typeOrder < Value.boolean(true).typeOrder)
    #expect(Value.array([]).typeOrder < Value.map([:]).typeOrder)
    #expect(Value.geoPoint(GeoPoint(latitude: 0, longitude: 0)).typeName == "geopoint")
  }
}
