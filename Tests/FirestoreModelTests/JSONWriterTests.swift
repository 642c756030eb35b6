import FirestoreModel
import Testing

@Suite struct JSONWriterTests {
  @Test func writesCompactInOrder() throws {
    let value: JSONValue = ["b": [1, 2.5, nil, true], "a": ["x": "y"], "e": [], "o": [:]]
    #expect(value.text() == #"{"b":[1,2.5,null,true],"a":{"x":"y"},"e":[],"o":{}}"#)
  }

  @Test func writesPretty() throws {
    let value: JSONValue = ["a": [1, ["b": false]], "c": [:]]
    let expected = """
      {
        "a": [
          1,
          {
            "b": false
          }
        ],
        "c": {}
      }
      """
    #expect(value.text(.pretty) == expected)
  }

  @Test func writesSpacedOnOneLine() {
    let value: JSONValue = .object([("k", .array([.int(1), .bool(true), .null, .double(1.5)])), ("e", [:])])
    #expect(value.text(.spaced) == #"{"k": [1, true, null, 1.5], "e": {}}"#)
  }

  @Test func escapesStrings() throws {
    #expect(StringQuoting.quoted("a\"b\\c\u{01}\t") == #""a\"b\\c\u0001\t""#)
    #expect(StringQuoting.quoted("a\"b\\c\n\t\r\u{08}\u{0C}\u{01}\u{1F}/é😀") == #""a\"b\\c\n\t\r\b\f\u0001\u001f/é😀""#)
  }

  @Test func doublesStayDoublesAndRoundTrip() throws {
    for d in [1.0, -0.0, 0.1, 1e20, 1e-7, .leastNonzeroMagnitude, 1.7976931348623157e308, 123456789.125, -2.5] {
      let text = JSONValue.double(d).text()
      let back = try JSONParser.parse(text)
      guard case .double(let parsed) = back else {
        Issue.record("\(text) read back as \(back)")
        continue
      }
      #expect(parsed.bitPattern == d.bitPattern, "\(text)")
    }
    #expect(JSONValue.double(1).text() == "1.0")
    #expect(JSONValue.double(-0.0).text() == "-0.0")
    #expect(JSONValue.double(123_456_789_012_345).text(.spaced) == "123456789012345.0")
    #expect(JSONValue.double(9_007_199_254_740_992).text() == "9007199254740992.0")
    #expect(JSONValue.double(1e16).text() == "1e+16")
    #expect(JSONValue.int(-7).text() == "-7")
  }

  /// One policy for every output: proto3's JSON strings, never a failure.
  @Test func writesNonFiniteNumbersAsStrings() {
    #expect(
      JSONValue.array([.double(.nan), .double(.infinity), .double(-.infinity)]).text()
        == #"["NaN","Infinity","-Infinity"]"#)
    #expect(JSONValue.object(["x": .double(.nan)]).text(.spaced) == #"{"x": "NaN"}"#)
    #expect(JSONValue.double(.nan).description == #""NaN""#)
  }

  @Test func objectBuilderKeepsOrderAndLastValue() throws {
    #expect(JSONValue.object([("b", 1), ("a", 2), ("b", 3)]).text() == #"{"b":3,"a":2}"#)
    // Past 16 members the builder checks keys with a set; same result.
    let many = (0..<20).map { ("k\($0)", JSONValue.int($0)) } + [("k3", "last")]
    let object = try #require(JSONValue.object(many).objectValue)
    #expect(object.count == 20)
    #expect(object.keys.first == "k0")
    #expect(object["k3"] == "last")
  }

  @Test func parseWriteRoundTrip() throws {
    let text = #"{"z":[1,-2,3.5e-8,{"k":"\u0001é"}],"a":null,"t":true}"#
    let value = try JSONParser.parse(text)
    #expect(try JSONParser.parse(value.text(.pretty)) == value)
    #expect(try JSONParser.parse(value.text()) == value)
  }
}
