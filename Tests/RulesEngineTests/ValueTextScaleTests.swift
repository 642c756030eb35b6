import Testing

@testable import RulesEngine

/// Red-team regressions for value text: `flint expr` prints whole values (limit `Int.max`) and
/// counted the characters of the output so far before every element, so a 1M-element list
/// never finished; NaN and infinities printed as `-nan` and `inf`.
@Suite struct ValueTextScaleTests {
  @Test func wholeValuesRenderInLinearTime() {
    let list = RulesValue.list((0..<200_000).map { .string(String($0 % 10)) })
    let text = ValueText.render(list, limit: Int.max)
    #expect(text.utf8.count == 2 + 200_000 * 3 + 199_999 * 2)
    #expect(text.hasPrefix("['0', '1', '2'"))
    #expect(text.hasSuffix("'8', '9']"))
  }

  @Test func limitsStillCutByCharacters() {
    let list = RulesValue.list(Array(repeating: .string("é"), count: 100))
    let text = ValueText.render(list, limit: 20)
    #expect(text == "['é', 'é', 'é', 'é',…")
  }

  @Test func nonFiniteFloats() {
    #expect(ValueText.render(.float(.nan)) == "NaN")
    #expect(ValueText.render(.float(-.nan)) == "NaN")
    #expect(ValueText.render(.float(.infinity)) == "Infinity")
    #expect(ValueText.render(.list([.float(-.infinity), .float(2)])) == "[-Infinity, 2.0]")
  }
}
