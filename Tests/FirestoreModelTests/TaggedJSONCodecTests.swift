import FirestoreModel
import Testing

@Suite struct TaggedJSONCodecTests {
  let decoder = TaggedJSONDecoder(requestTime: Timestamp(seconds: 1_700_000_000))

  func decodeError(_ text: String, requestTime: Timestamp? = nil) -> JSONError? {
    do {
      _ = try FixtureLoader.load(text: text, file: "seed.json", format: .tagged, requestTime: requestTime)
      return nil
    } catch {
      return error
    }
  }

  @Test func decodesEveryTaggedType() throws {
    let json = try JSONParser.parse(
      """
      {"/users/alice": {
        "n": null, "b": true, "i": 42, "d": 1.0, "e": 2e3, "s": "hi",
        "t": {"__timestamp__": "2024-01-01T00:00:00.5Z"},
        "r": {"__ref__": "/users/bob"}, "r2": {"__ref__": "users/bob"},
        "g": {"__latlng__": [35.6, 139]},
        "y": {"__bytes__": "aGk="},
        "st": {"__server_timestamp__": true},
        "nan": {"__double__": "NaN"}, "whole": {"__double__": 3},
        "a": [1, "x", {"k": false}], "m": {"inner": {"deep": [1.5]}}
      }}
      """)
    let documents = try decoder.documents(json)
    #expect(documents.count == 1)
    let doc = documents[0]
    #expect(doc.path == ResourcePath(parsing: "users/alice"))
    let f = doc.fields
    #expect(f["n"] == .null)
    #expect(f["b"] == .boolean(true))
    #expect(f["i"] == .integer(42))
    #expect(f["d"] == .double(1.0))
    #expect(f["e"] == .double(2000))
    #expect(f["s"] == .string("hi"))
    #expect(f["t"] == .timestamp(Timestamp(seconds: 1_704_067_200, nanos: 500_000_000)))
    #expect(f["r"] == .reference(ResourcePath(parsing: "users/bob")!))
    #expect(f["r2"] == f["r"])
    #expect(f["g"] == .geoPoint(GeoPoint(latitude: 35.6, longitude: 139)))
    #expect(f["y"] == .bytes(Array("hi".utf8)))
    #expect(f["st"] == .timestamp(Timestamp(seconds: 1_700_000_000)))
    #expect(f["nan"]?.isNaN == true)
    #expect(f["whole"] == .double(3))
    #expect(f["a"] == .array([.integer(1), .string("x"), .map(["k": .boolean(false)])]))
    #expect(f["m"] == .map(["inner": .map(["deep": .array([.double(1.5)])])]))
  }

  @Test func pathsAreFixtureValuesNotDocumentValues() throws {
    let json = try JSONParser.parse(
      #"{"p": {"__path__": "/databases/(default)/documents/a/b"}, "x": [1, {"__path__": "/c"}]}"#)
    let value = try decoder.fixtureValue(json, at: .root)
    #expect(
      value
        == .map([
          "p": .path(["databases", "(default)", "documents", "a", "b"]),
          "x": .array([.value(.integer(1)), .path(["c"])]),
        ]))
    #expect(try decoder.fixtureValue(.array([1, 2]), at: .root) == .value(.array([.integer(1), .integer(2)])))
    #expect(
      throws: JSONError(
        "a rules path (__path__) is not allowed in document data",
        path: JSONPath.root.appending("p").appending("__path__"))
    ) {
      try decoder.value(json, at: .root)
    }
    #expect(
      throws: JSONError(
        "a rules path (__path__) is not allowed in document data",
        path: JSONPath.root.appending(1).appending(0).appending("__path__"))
    ) {
      try decoder.value(.array([1, .array([["__path__": "/a"]])]), at: .root)
    }
  }

  @Test(arguments: [
    (
      #"{"users": {}}"#,
      #"seed.json:1:11: $.users: "users" is not a document path: it has 1 segment; a document path has an even number (collection/id)"#
    ),
    (
      #"{"a/b": {"t": {"__timestamp__": "2024-02-30T00:00:00Z"}}}"#,
      #"seed.json:1:33: $.a/b.t.__timestamp__: invalid timestamp "2024-02-30T00:00:00Z": day 30 does not exist in 2024-02"#
    ),
    (
      #"{"a/b": {"x": {"__time__": 1}}}"#,
      "seed.json:1:28: $.a/b.x.__time__: unknown tag __time__ (known tags: __timestamp__, __ref__, __path__, __latlng__, __bytes__, __server_timestamp__, __double__)"
    ),
    (
      #"{"a/b": {"x": {"__ref__": "/users"}}}"#,
      #"seed.json:1:27: $.a/b.x.__ref__: "/users" is not a document path: it has 1 segment; a document path has an even number (collection/id)"#
    ),
    (
      #"{"a/b": {"x": {"__ref__": "a", "y": 1}}}"#,
      "seed.json:1:27: $.a/b.x.__ref__: tag __ref__ must be the only key of its object"
    ),
    (
      #"{"a/b": {"x": {"__latlng__": [91, 0]}}}"#,
      "seed.json:1:31: $.a/b.x.__latlng__[0]: latitude 91.0 is outside -90...90"
    ),
    (
      #"{"a/b": {"x": {"__latlng__": [1]}}}"#,
      "seed.json:1:30: $.a/b.x.__latlng__: expected [latitude, longitude], found 1 numbers"
    ),
    (
      #"{"a/b": {"x": {"__bytes__": "a b="}}}"#,
      "seed.json:1:29: $.a/b.x.__bytes__: invalid base64: character ' ' (at offset 1)"
    ),
    (
      #"{"a/b": {"x": {"__server_timestamp__": true}}}"#,
      "seed.json:1:40: $.a/b.x.__server_timestamp__: __server_timestamp__ needs a request time, and none is set here"
    ),
    (
      #"{"a/b": {"x": {"__server_timestamp__": 1}}}"#,
      "seed.json:1:40: $.a/b.x.__server_timestamp__: __server_timestamp__ must be true, found an integer"
    ),
    (
      #"{"a/b": {"x": {"__path__": "/a/b"}}}"#,
      "seed.json:1:28: $.a/b.x.__path__: a rules path (__path__) is not allowed in document data"
    ),
    (#"{"a/b": 1}"#, "seed.json:1:9: $.a/b: expected an object, found an integer"),
    (
      #"{"a/b": {"__ref__": "a/b"}}"#,
      "seed.json:1:9: $.a/b: document fields must be an object of fields, not a __ref__ value"
    ),
    (#"{"a/b": {}, "/a/b": {}}"#, "seed.json:1:21: $./a/b: document a/b appears more than once"),
    (#"{"a//b": {}}"#, #"seed.json:1:10: $.a//b: "a//b" is not a valid document path (empty segment)"#),
    (#"[1]"#, "seed.json:1:1: $: expected an object, found an array"),
    (
      #"{"a/b": {"x": {"__double__": "nan"}}}"#,
      #"seed.json:1:30: $.a/b.x.__double__: __double__ must be a number, "NaN", "Infinity" or "-Infinity""#
    ),
  ])
  func errorsNameFileLineAndPath(text: String, expected: String) {
    #expect(decodeError(text)?.description == expected)
  }

  @Test func encoderRoundTrips() throws {
    let fields: [String: Value] = [
      "n": .null, "b": .boolean(false), "i": .integer(-5), "d": .double(2), "nan": .double(.nan),
      "inf": .double(-.infinity), "t": .timestamp(Timestamp(seconds: 5, nanos: 1000)), "s": .string("é"),
      "y": .bytes([0, 255]), "r": .reference(ResourcePath(parsing: "a/b/c/d")!),
      "g": .geoPoint(GeoPoint(latitude: -1.5, longitude: 2)), "a": .array([.integer(1), .map(["z": .null])]),
      "m": .map(["b": .integer(1), "a": .integer(2)]),
    ]
    let document = Document(path: ResourcePath(parsing: "c/x")!, fields: fields)
    let json = TaggedJSONEncoder.encode(documents: [document])
    let text = json.text()
    let back = try TaggedJSONDecoder().documents(try JSONParser.parse(text))
    #expect(back.count == 1)
    for (key, value) in fields {
      #expect(back[0].fields[key].map { Value.compare($0, value) == 0 } == true, "\(key)")
    }
    #expect(back[0].fields["d"] == .double(2))
    #expect(text.contains(#""m":{"a":2,"b":1}"#))
    #expect(text.contains(#""nan":{"__double__":"NaN"}"#))
    #expect(text.contains(#""t":{"__timestamp__":"1970-01-01T00:00:05.000001Z"}"#))
    #expect(text.contains(#""r":{"__ref__":"/a/b/c/d"}"#))
  }

  @Test func encodesFixtureValuePaths() throws {
    let value = FixtureValue.map(["p": .path(["a", "b"]), "v": .value(.integer(1))])
    #expect(TaggedJSONEncoder.encode(value).text() == #"{"p":{"__path__":"/a/b"},"v":1}"#)
  }
}
