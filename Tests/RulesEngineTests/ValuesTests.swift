import FirestoreModel
import Testing

@testable import RulesEngine

@Suite("Values")
struct ValuesTests {
  @Test("hashing agrees with rules equality")
  func hashing() {
    #expect(RulesValue.int(1).hashValue == RulesValue.float(1.0).hashValue)
    #expect(RulesValue.float(0.0).hashValue == RulesValue.float(-0.0).hashValue)
    #expect(RulesValue.float(.nan) == RulesValue.float(.nan))
    #expect(RulesValue.float(.nan).hashValue == RulesValue.float(-.nan).hashValue)
    let a = RulesValue.set([.int(1), .string("x")])
    let b = RulesValue.set([.string("x"), .float(1)])
    #expect(a == b && a.hashValue == b.hashValue)
    let m1 = RulesValue.map(["a": .int(1), "b": .list([.int(2)])])
    let m2 = RulesValue.map(["b": .list([.float(2)]), "a": .float(1)])
    #expect(m1 == m2 && m1.hashValue == m2.hashValue)
    #expect(Set([RulesValue.int(1), .float(1), .string("1")]).count == 2)
  }

  @Test("Firestore values convert to rules values")
  func fromFirestore() {
    let reference = Value.reference(ResourcePath(segments: ["users", "alice"]))
    #expect(
      RulesValue(firestore: reference, database: "(default)")
        == .path(RulesPath(segments: ["databases", "(default)", "documents", "users", "alice"])))
    #expect(RulesValue(firestore: .integer(3), database: "d") == .int(3))
    if case .float = RulesValue(firestore: .double(3), database: "d") {} else { Issue.record("double → float") }
    let point = GeoPoint(latitude: 1, longitude: 2)
    #expect(RulesValue(firestore: .geoPoint(point), database: "d") == .latlng(point))
    let nested = Value.map(["a": .array([.null, .boolean(true), .timestamp(Timestamp(seconds: 5))])])
    #expect(
      RulesValue(firestore: nested, database: "d")
        == .map(["a": .list([.null, .bool(true), .timestamp(Timestamp(seconds: 5))])]))
  }

  @Test("rules values convert back where a stored form exists")
  func toFirestore() {
    let path = RulesValue.path(RulesPath(segments: ["databases", "db", "documents", "c", "d"]))
    #expect(path.toFirestoreValue() == .reference(ResourcePath(segments: ["c", "d"])))
    #expect(RulesValue.path(RulesPath(segments: ["c", "d"])).toFirestoreValue() == nil)
    #expect(RulesValue.list([.int(1), .bytes([1])]).toFirestoreValue() == .array([.integer(1), .bytes([1])]))
    #expect(RulesValue.map(["s": .set([])]).toFirestoreValue() == nil)
    #expect(RulesValue.duration(RulesDuration(seconds: 1, nanos: 0)).toFirestoreValue() == nil)
    #expect(RulesValue.float(1).toFirestoreValue() == .double(1))
  }

  @Test("typed JSON rendering")
  func typedJSON() {
    #expect(RulesValue.int(1).typedJSON == #"{"int": 1}"#)
    #expect(RulesValue.float(1.5).typedJSON == #"{"float": 1.5}"#)
    #expect(RulesValue.float(.nan).typedJSON == #"{"float": "NaN"}"#)
    // One double format for every output: the shortest round-trip form keeps the sign of zero.
    #expect(RulesValue.float(-0.0).typedJSON == #"{"float": -0.0}"#)
    #expect(RulesValue.float(-.infinity).typedJSON == #"{"float": "-Infinity"}"#)
    #expect(RulesValue.string("a\"b\n").typedJSON == #"{"string": "a\"b\n"}"#)
    #expect(RulesValue.null.typedJSON == #"{"null": null}"#)
    #expect(RulesValue.bool(true).typedJSON == #"{"bool": true}"#)
    #expect(RulesValue.bytes([0xFB, 0xEF, 0xBE]).typedJSON == #"{"bytes": "++++"}"#)
    #expect(RulesValue.bytes([0x68, 0x69]).typedJSON == #"{"bytes": "aGk="}"#)
    #expect(
      RulesValue.map(["b": .int(2), "a": .list([.null])]).typedJSON
        == #"{"map": {"a": {"list": [{"null": null}]}, "b": {"int": 2}}}"#)
    #expect(RulesValue.set([.string("x")]).typedJSON == #"{"set": [{"string": "x"}]}"#)
    #expect(RulesValue.timestamp(Timestamp(seconds: 0)).typedJSON == #"{"timestamp": "1970-01-01T00:00:00Z"}"#)
    #expect(
      RulesValue.duration(RulesDuration(seconds: -1, nanos: -5)).typedJSON
        == #"{"duration": {"seconds": -1, "nanos": -5}}"#)
    #expect(RulesValue.latlng(GeoPoint(latitude: 1.5, longitude: -2)).typedJSON == #"{"latlng": [1.5, -2.0]}"#)
    #expect(RulesValue.path(RulesPath(segments: ["a", "b"])).typedJSON == #"{"path": "/a/b"}"#)
    #expect(
      RulesValue.mapDiff(MapDiff(left: ["a": .int(1)], right: [:])).typedJSON
        == #"{"map_diff": {"left": {"a": {"int": 1}}, "right": {}}}"#)
  }

  @Test(
    "Java-style float text",
    arguments: [
      (2.0, "2.0"), (0.1, "0.1"), (-122.08, "-122.08"), (-100, "-100.0"), (1e7, "1.0E7"), (1.5e-4, "1.5E-4"),
      (0.001, "0.001"), (1234567.5, "1234567.5"), (123456789.0, "1.23456789E8"), (-0.0, "-0.0"),
    ])
  func javaFormat(value: Double, text: String) {
    #expect(JavaNumberFormat.string(value) == text)
  }
}
