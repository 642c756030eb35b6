import Testing

@testable import RulesLanguage

/// Source text with inline position markers, as in swift-syntax's `assertParse`: a keycap
/// emoji (`1️⃣` … `9️⃣`) stands where a diagnostic starts, so that a test shows the place
/// instead of a hand-counted `line:column`. The markers are removed before parsing.
struct MarkedSource {
  /// The text without its markers.
  let text: String
  /// Each marker's UTF-8 offset in `text`.
  let markers: [String: Int]

  init(_ marked: String) {
    var text = ""
    var markers: [String: Int] = [:]
    var offset = 0
    for character in marked {
      if Self.isMarker(character) {
        let name = String(character)
        if markers[name] != nil { Issue.record("marker \(name) is used twice") }
        markers[name] = offset
        continue
      }
      text.append(character)
      offset += String(character).utf8.count
    }
    self.text = text
    self.markers = markers
  }

  /// A keycap digit: the digit, U+FE0F and U+20E3 in one character.
  static func isMarker(_ character: Character) -> Bool {
    let scalars = Array(character.unicodeScalars)
    return scalars.count == 3 && ("0"..."9").contains(scalars[0]) && scalars[1] == "\u{FE0F}"
      && scalars[2] == "\u{20E3}"
  }

  /// `code@marker` for each diagnostic, in order; a diagnostic starting where no marker is
  /// written shows its `line:column` instead, so the failure message says where it is.
  func described(_ diagnostics: [Diagnostic]) -> [String] {
    let source = SourceFile(name: "test.rules", text: text)
    let names = Dictionary(markers.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
    return diagnostics.map { diagnostic in
      "\(diagnostic.code)@\(names[diagnostic.range.start] ?? "\(source.location(of: diagnostic.range.start))")"
    }
  }
}

/// Asserts that parsing `marked` as a rules file reports exactly `expected`, in order: each
/// diagnostic's code and the marker where its range starts.
func assertParse(
  _ marked: String, _ expected: [(DiagnosticCode, String)] = [],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let source = MarkedSource(marked)
  let parsed = RulesParser.parse(SourceFile(name: "test.rules", text: source.text))
  assertMarked(source, parsed.diagnostics, expected, sourceLocation)
}

/// Asserts that parsing `marked` as one expression reports exactly `expected` (see `assertParse`).
func assertParseExpression(
  _ marked: String, _ expected: [(DiagnosticCode, String)] = [],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let source = MarkedSource(marked)
  let parsed = RulesParser.parseExpression(SourceFile(name: "expr", text: source.text))
  assertMarked(source, parsed.diagnostics, expected, sourceLocation)
}

/// Asserts that `diagnostics`, found in `source.text`, are exactly `expected` (see `assertParse`).
func assertMarked(
  _ source: MarkedSource, _ diagnostics: [Diagnostic], _ expected: [(DiagnosticCode, String)],
  _ sourceLocation: Testing.SourceLocation
) {
  for (_, marker) in expected where source.markers[marker] == nil {
    Issue.record("the text has no marker \(marker)", sourceLocation: sourceLocation)
  }
  #expect(source.described(diagnostics) == expected.map { "\($0.0)@\($0.1)" }, sourceLocation: sourceLocation)
}

@Suite("Diagnostic markers")
struct DiagnosticMarkerTests {
  @Test("markers are removed and remembered by their UTF-8 offset")
  func strips() {
    let source = MarkedSource("a1️⃣ é2️⃣b13️⃣")
    #expect(source.text == "a éb1")
    #expect(source.markers == ["1️⃣": 1, "2️⃣": 4, "3️⃣": 6])
  }

  @Test("a diagnostic away from every marker shows its line and column")
  func unmarked() {
    let source = MarkedSource("x\n1️⃣y")
    let diagnostic = Diagnostic.error(.parseExpectedToken, "m", at: .at(0))
    let marked = Diagnostic.error(.parseExpectedToken, "m", at: .at(2))
    #expect(source.described([diagnostic, marked]) == ["parse.expected-token@1:1", "parse.expected-token@1️⃣"])
  }
}
