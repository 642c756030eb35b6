import FirestoreModel
import Foundation
import Testing

@Suite struct RESTDocumentDecoderTests {
  static let alice = """
    {
      "name": "projects/demo/databases/(default)/documents/users/alice",
      "fields": {
        "n": {"nullValue": null},
        "b": {"booleanValue": true},
        "i": {"integerValue": "-9007199254740993"},
        "d": {"doubleValue": 1.5},
        "nan": {"doubleValue": "NaN"},
        "t": {"timestampValue": "2024-01-01T09:00:00+09:00"},
        "s": {"stringValue": "hi"},
        "y": {"bytesValue": "_-8="},
        "r": {"referenceValue": "projects/demo/databases/(default)/documents/users/bob"},
        "g": {"geoPointValue": {"latitude": 10, "longitude": -20.5}},
        "a": {"arrayValue": {"values": [{"integerValue": "1"}, {"stringValue": "x"}]}},
        "ea": {"arrayValue": {}},
        "m": {"mapValue": {"fields": {"k": {"booleanValue": false}}}},
        "em": {"mapValue": {}}
      },
      "createTime": "2024-01-01T00:00:00Z",
      "updateTime": "2024-01-02T00:00:00.123456Z"
    }
    """

  @Test func decodesEveryValueKind() throws {
    let documents = try FixtureLoader.documents(from: try JSONParser.parse(Self.alice))
    let f = try #require(documents.first).fields
    #expect(documents[0].path == ResourcePath(parsing: "users/alice"))
    #expect(f["n"] == .null)
    #expect(f["b"] == .boolean(true))
    #expect(f["i"] == .integer(-9_007_199_254_740_993))
    #expect(f["d"] == .double(1.5))
    #expect(f["nan"]?.isNaN == true)
    #expect(f["t"] == .timestamp(Timestamp(seconds: 1_704_067_200)))
    #expect(f["s"] == .string("hi"))
    #expect(f["y"] == .bytes([0xFF, 0xEF]))
    #expect(f["r"] == .reference(ResourcePath(parsing: "users/bob")!))
    #expect(f["g"] == .geoPoint(GeoPoint(latitude: 10, longitude: -20.5)))
    #expect(f["a"] == .array([.integer(1), .string("x")]))
    #expect(f["ea"] == .array([]))
    #expect(f["m"] == .map(["k": .boolean(false)]))
    #expect(f["em"] == .map([:]))
  }

  @Test func acceptsListsArraysAndRunQueryResponses() throws {
    func doc(_ id: String) -> String {
      #"{"name": "projects/p/databases/(default)/documents/c/\#(id)", "fields": {"v": {"integerValue": 1}}}"#
    }
    let list = try JSONParser.parse(#"{"documents": [\#(doc("a")), \#(doc("b"))], "nextPageToken": "x"}"#)
    #expect(FixtureLoader.detectFormat(list) == .rest)
    #expect(try FixtureLoader.documents(from: list).map(\.id) == ["a", "b"])
    let array = try JSONParser.parse("[\(doc("a")), \(doc("c"))]")
    #expect(try FixtureLoader.documents(from: array).map(\.id) == ["a", "c"])
    let runQuery = try JSONParser.parse(
      #"[{"document": \#(doc("z")), "readTime": "2024-01-01T00:00:00Z"}, {"readTime": "2024-01-01T00:00:00Z"}]"#)
    #expect(try FixtureLoader.documents(from: runQuery).map(\.id) == ["z"])
    let single = try JSONParser.parse(doc("q"))
    #expect(FixtureLoader.detectFormat(single) == .rest)
    #expect(try FixtureLoader.documents(from: single).first?.fields["v"] == .integer(1))
    #expect(FixtureLoader.detectFormat(try JSONParser.parse(#"{"users/a": {"name": "x"}}"#)) == .tagged)
  }

  func failure(_ text: String) -> String? {
    do {
      _ = try FixtureLoader.load(text: text, file: "export.json")
      return nil
    } catch {
      return error.description
    }
  }

  static let prefix = #"{"name": "projects/p/databases/(default)/documents/c/d", "fields": {"x": "#

  @Test(arguments: [
    (
      #"{"integerValue": "1.5"}"#,
      #"export.json:1:91: $.fields.x.integerValue: integerValue "1.5" is not a 64-bit integer"#
    ),
    (
      #"{"integerValue": 1.5}"#,
      "export.json:1:91: $.fields.x.integerValue: expected an integer string, found a fractional number"
    ),
    (
      #"{"stringValue": "a", "integerValue": "1"}"#,
      "export.json:1:74: $.fields.x: a REST value needs exactly one key such as \"stringValue\", found 2"
    ),
    (
      #"{"textValue": "a"}"#,
      "export.json:1:88: $.fields.x.textValue: unknown REST value kind \"textValue\" (expected nullValue, booleanValue, integerValue, doubleValue, timestampValue, stringValue, bytesValue, referenceValue, geoPointValue, arrayValue or mapValue)"
    ),
    (
      #"{"timestampValue": "yesterday"}"#,
      #"export.json:1:93: $.fields.x.timestampValue: invalid timestamp "yesterday": expected 4 digits for the year (at offset 0)"#
        .replacingOccurrences(of: " (at offset 0)", with: "")
    ),
    (
      #"{"bytesValue": "a+b-"}"#, "export.json:1:89: $.fields.x.bytesValue: base64 mixes the standard and URL alphabets"
    ),
    (
      #"{"referenceValue": "users/bob"}"#,
      #"export.json:1:93: $.fields.x.referenceValue: "users/bob" is not a document name of the form projects/{project}/databases/{database}/documents/{path}"#
    ),
    (
      #"{"geoPointValue": {"latitude": 100}}"#,
      "export.json:1:92: $.fields.x.geoPointValue: geoPointValue (100.0, 0.0) is out of range"
    ),
    (
      #"{"arrayValue": {"values": [{"nope": 1}]}}"#,
      #"export.json:1:110: $.fields.x.arrayValue.values[0].nope: unknown REST value kind "nope" (expected nullValue, booleanValue, integerValue, doubleValue, timestampValue, stringValue, bytesValue, referenceValue, geoPointValue, arrayValue or mapValue)"#
    ),
    (
      #"{"mapValue": {"field": {}}}"#,
      #"export.json:1:97: $.fields.x.mapValue.field: unknown key "field" (expected one of: fields)"#
    ),
    (#"{"nullValue": 0}"#, "export.json:1:88: $.fields.x.nullValue: nullValue must be null or \"NULL_VALUE\""),
    (#"{"doubleValue": "1,5"}"#, #"export.json:1:90: $.fields.x.doubleValue: doubleValue "1,5" is not a number"#),
  ])
  func valueErrorsArePathAware(value: String, expected: String) {
    #expect(failure(Self.prefix + value + "}}") == expected)
  }

  @Test func documentLevelErrors() {
    #expect(
      failure(#"{"name": "projects/p/databases/(default)/documents/c", "fields": {}}"#)
        == #"export.json:1:10: $.name: "c" is not a document path: it has 1 segment; a document path has an even number (collection/id)"#
    )
    #expect(
      failure(#"{"name": "projects/p/databases/(default)/documents/c/d", "feilds": {}}"#)
        == #"export.json:1:68: $.feilds: unknown key "feilds" (expected one of: createTime, fields, name, updateTime)"#)
    #expect(
      failure(#"[{"name": "projects/p/databases/d/documents/c/d"}, {"name": "projects/p/databases/d/documents/c/d"}]"#)
        == "export.json:1:52: $[1]: document c/d appears more than once")
    #expect(
      failure(#"{"documents": [{"fields": {}}]}"#)
        == #"export.json:1:16: $.documents[0]: missing required key "name""#)
    #expect(failure(#"[{"document": 1}]"#) == "export.json:1:15: $[0].document: expected an object, found an integer")
  }
}
