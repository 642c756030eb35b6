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

  /// How each plain scalar resolves (YAML 1.1 core types, as suites have always been read), and
  /// that quoting keeps any of them a string.
  @Test(
    arguments: [
      ("~", nil), ("null", nil), ("Null", nil), ("NULL", nil), ("", nil), ("nUll", "nUll"),
      ("true", true), ("True", true), ("TRUE", true), ("yes", true), ("Yes", true), ("on", true), ("ON", true),
      ("false", false), ("no", false), ("NO", false), ("off", false), ("Off", false),
      ("tRue", "tRue"), ("y", "y"), ("n", "n"),
      ("42", 42), ("-7", -7), ("+7", 7), ("0", 0), ("-0", 0), ("010", 10), ("0o17", 15), ("0_17", 15), ("0x1F", 31),
      ("-0x1f", -31), ("0b101", 5), ("-0b101", -5), ("1_000", 1000), ("1:30", 90), ("-1:30", -90),
      ("9223372036854775807", .int(Int64.max)), ("-9223372036854775808", .int(Int64.min)),
      ("-0x8000000000000000", .int(Int64.min)),
      ("1.5", 1.5), ("1.", 1.0), ("1e3", 1000.0), ("1.5e-3", 0.0015), (".5", 0.5), (".5e+1", 5.0), ("09", 9.0),
      ("1_0.5", 10.5), ("1:30.5", 90.5),
      ("-.5", "-.5"), (".5e1", ".5e1"), ("1:60", "1:60"), ("0:30", "0:30"), ("1e", "1e"), ("0b2", "0b2"),
      ("2024-01-01", "2024-01-01"), ("2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z"), ("hello", "hello"),
    ] as [(String, JSONValue)])
  func plainScalarsResolve(scalar: String, expected: JSONValue) throws {
    #expect(try Self.read("x: \(scalar)\n") == ["x": expected])
    #expect(try Self.read("x: '\(scalar)'\n") == ["x": .string(scalar)])
    #expect(try Self.read("x: \"\(scalar)\"\n") == ["x": .string(scalar)])
  }

  @Test func scalarsThatAreRefused() {
    #expect(
      Self.error("x: .inf\n")
        == #"s.yaml:1:4: $.x: .inf is not a finite number (use {__double__: "NaN"} for non-finite values)"#)
    #expect(Self.error("x: -.Inf\n").contains("$.x: -.Inf is not a finite number"))
    #expect(Self.error("x: .NaN\n").contains("$.x: .NaN is not a finite number"))
    #expect(Self.error("x: 1e400\n").contains("$.x: 1e400 is not a finite number"))
    #expect(Self.error("x: 9223372036854775808\n").contains("$.x: integer 9223372036854775808 does not fit in 64 bits"))
    #expect(Self.error("x: 0x_\n").contains("$.x: 0x_ is not an integer"))
    #expect(Self.error("x: -0b_\n").contains("$.x: -0b_ is not an integer"))
    #expect(
      Self.error("x: 0x1_0000_0000_0000_0000\n").contains(
        "$.x: integer 0x1_0000_0000_0000_0000 does not fit in 64 bits"))
    #expect(Self.error("x: 99999999999:0:0:0:0:0:0\n").contains("does not fit in 64 bits"))
    #expect(Self.error("x: !!bool maybe\n") == #"s.yaml:1:4: $.x: invalid boolean "maybe""#)
    #expect(Self.error("x: !!int 1:x\n").contains("$.x: 1:x is not an integer"))
    #expect(Self.error("x: !!int 1.5\n").contains("$.x: 1.5 is not an integer"))
    // Merge keys and the value key are not supported: refused, not silently read as strings.
    #expect(Self.error("a: &a {x: 1}\nb:\n  <<: *a\n").contains("$.b: unsupported YAML tag tag:yaml.org,2002:merge"))
    #expect(Self.error("x: =\n").contains("$.x: unsupported YAML tag tag:yaml.org,2002:value"))
    #expect(Self.error("x: !!binary aGk=\n").contains("$.x: unsupported YAML tag tag:yaml.org,2002:binary"))
  }

  @Test func tenThousandLevelsAreAClearError() {
    let flow = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(
      Self.error(flow)
        == "s.yaml:1:513: $\(String(repeating: "[0]", count: 512)): nesting deeper than 512 levels of sequences and mappings"
    )
    let block = (0..<10_000).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + " 1"
    #expect(Self.error(block).contains("nesting deeper than 512 levels of sequences and mappings"))
    #expect(Self.error(block).hasPrefix("s.yaml:513:"))
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

  @Test func aliasesOfEmptyCollectionsCountToo() {
    // Nine levels of ten aliases over `&a0 []`: 10^8 empty lists, each alias counted at least once.
    var lines = ["a0: &a0 []"]
    for level in 1...8 {
      let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      lines.append("a\(level): &a\(level) [\(refs)]")
    }
    #expect(Self.error(lines.joined(separator: "\n")).contains("more than 1000000 values (aliases expanded)"))
    let maps =
      ["a0: &a0 {}"]
      + (1...8).map { level in
        "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]"
      }
    #expect(Self.error(maps.joined(separator: "\n")).contains("more than 1000000 values (aliases expanded)"))
  }

  @Test func locatesLaterErrors() throws {
    let (_, marks) = try YAMLReader.read("cases:\n  - name: n\n    expect: maybe\n", file: "s.yaml")
    let located = marks.locate(
      JSONError("bad", path: JSONPath.root.appending("cases").appending(0).appending("expect")))
    #expect(located.description == "s.yaml:3:13: $.cases[0].expect: bad")
  }
}
