import FirestoreModel
import Testing

@testable import FlintKit

/// YAML suites become the same `JSONValue` tree as JSON ones, keeping int vs float.
@Suite struct YAMLReaderTests {
  static func read(_ text: String) throws(JSONError) -> JSONValue {
    try YAMLReader.read(text, file: "s.yaml").value
  }

  static func error(_ text: String) -> String {
    do {
      _ = try read(text)
      return ""
    } catch {
      return error.description
    }
  }

  @Test func scalarsKeepTheirTypes() throws {
    let value = try Self.read(
      """
      int: 42
      negative: -7
      hex: 0x1F
      float: 1.5
      exp: 1e3
      whole: 3.0
      quoted: "42"
      single: '1.5'
      yes: true
      no: false
      nothing: null
      tilde: ~
      empty:
      text: hello world
      time: 2024-01-01T00:00:00Z
      list: [1, 2.0, a]
      map: {a: {b: 1}}
      """)
    let expected: JSONValue = [
      "int": 42, "negative": -7, "hex": 31, "float": 1.5, "exp": 1000.0, "whole": 3.0, "quoted": "42", "single": "1.5",
      "yes": true, "no": false, "nothing": nil, "tilde": nil, "empty": nil, "text": "hello world",
      "time": "2024-01-01T00:00:00Z", "list": [1, 2.0, "a"], "map": ["a": ["b": 1]],
    ]
    #expect(value == expected)
  }

  @Test func keysKeepTheirOrder() throws {
    let value = try Self.read("b: 1\na: 2\nc: 3\n")
    #expect(value.objectValue?.keys == ["b", "a", "c"])
  }

  @Test func aliasesExpand() throws {
    let value = try Self.read("base: &b {x: 1}\ncopy: *b\n")
    #expect(value == ["base": ["x": 1], "copy": ["x": 1]])
  }

  @Test func errors() {
    #expect(Self.error("a: [1, 2\n").hasPrefix("s.yaml:"))
    #expect(Self.error("a: [1, 2\n").contains("invalid YAML"))
    #expect(Self.error("a: 1\na: 2\n") == #"s.yaml:2:1: $.a: duplicate key "a""#)
    #expect(Self.error("? [a]\n: 1\n") == "s.yaml:1:3: $: mapping keys must be plain scalars")
    #expect(Self.error("x: .nan\n").contains("$.x: .nan is not a finite number"))
    #expect(
      Self.error("x: 99999999999999999999\n").contains("$.x: integer 99999999999999999999 does not fit in 64 bits"))
    #expect(Self.error("") == "s.yaml:1:1: $: empty input: expected a YAML document")
  }

  @Test func hostileNestingIsAnErrorNotACrash() {
    let flow = "a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(Self.error(flow).contains("nesting deeper than 512 levels"))
    let block = (0..<600).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + " 1"
    #expect(Self.error(block).contains("nesting deeper than 512 levels"))
    let dashes = String(repeating: "- ", count: 600) + "x"
    #expect(Self.error(dashes).contains("nesting deeper than 512 levels"))
  }

  @Test func tagsDocumentsAndAliases() throws {
    #expect(try Self.read("a: !!str 3\nb: !!int \"4\"\nc: !!float 1\n") == ["a": "3", "b": 4, "c": 1.0])
    #expect(Self.error("a: !custom x\n").contains("$.a: unsupported YAML tag !custom"))
    #expect(Self.error("a: 1\n---\nb: 2\n").contains("a suite holds one YAML document"))
    #expect(Self.error("a: *nowhere\n").contains("$.a: unknown alias *nowhere"))
    #expect(Self.error("a: 'unterminated\n").contains("invalid YAML"))
  }

  @Test func aliasBombsAreCapped() {
    var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in 1...7 {
      let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      lines.append("a\(level): &a\(level) [\(refs)]")
    }
    #expect(Self.error(lines.joined(separator: "\n")).contains("more than 1000000 values"))
  }

  @Test func locatesLaterErrors() throws {
    let (_, marks) = try YAMLReader.read("cases:\n  - name: n\n    expect: maybe\n", file: "s.yaml")
    let located = marks.locate(
      JSONError("bad", path: JSONPath.root.appending("cases").appending(0).appending("expect")))
    #expect(located.description == "s.yaml:3:13: $.cases[0].expect: bad")
  }
}
