import FirestoreModel
import Testing

@Suite struct JSONWriterTests {
  @Test func writesCompactInOrder() throws {
    let value: JSONValue = ["b": [1, 2.5, nil, true], "a": ["x": "y"], "e": [], "o": [:]]
    #expect(try value.text() == #"{"b":[1,2.5,null,true],"a":{"x":"y"},"e":[],"o":{}}"#)
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
    #expect(try value.text(.pretty) == expected)
  }

  @Test func escapesStrings() throws {
    #expect(JSONWriter.quoted("a\"b\\c\n\t\r\u{08}\u{0C}\u{01}\u{1F}/é😀") == #""a\"b\\c\n\t\r\b\f\u0001\u001f/é😀""#)
  }

  @Test func doublesStayDoublesAndRoundTrip() throws {
    for d in [1.0, -0.0, 0.1, 1e20, 1e-7, .leastNonzeroMagnitude, 1.7976931348623157e308, 123456789.125, -2.5] {
      let text = try JSONValue.double(d).text()
      let back = try JSONParser.parse(text)
      guard case .double(let parsed) = back else {
        Issue.record("\(text) read back as \(back)")
        continue
      }
      #expect(parsed.bitPattern == d.bitPattern, "\(text)")
    }
    #expect(try JSONValue.double(1).text() == "1.0")
    #expect(try JSONValue.int(-7).text() == "-7")
  }

  @Test func rejectsNonFiniteNumbers() {
    #expect(throws: JSONError.self) { try JSONValue.array([.double(.nan)]).text() }
    do {
      _ = try JSONValue.object(["x": .double(.infinity)]).text()
      Issue.record("wrote infinity")
    } catch {
      #expect(error.path.description == "$.x")
    }
  }

  @Test func parseWriteRoundTrip() throws {
    let text = #"{"z":[1,-2,3.5e-8,{"k":"\u0001é"}],"a":null,"t":true}"#
    let value = try JSONParser.parse(text)
    #expect(try JSONParser.parse(try value.text(.pretty)) == value)
    #expect(try JSONParser.parse(try value.text()) == value)
  }
}
