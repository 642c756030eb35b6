import Queries
import RulesEngine
import Testing

/// Red-team regressions: the list-request prover evaluated a 2^80-copy nested list (`x == x`
/// never finished) and absorbed a built-in's "value too large" limit error with `|| true`.
/// Values it builds are capped like the engine's, and the breach denies the whole query.
@Suite("Proofs: value size cap")
struct ProofValueSizeTests {
  static func doublingFunctions() -> String {
    var functions = ""
    for level in 0..<8 {
      let lets = (0..<10).map { "let a\($0) = [\($0 == 0 ? "x" : "a\($0 - 1)"), \($0 == 0 ? "x" : "a\($0 - 1)")];" }
      functions += "    function f\(level)(x) { \(lets.joined(separator: " ")) return f\(level + 1)(a9); }\n"
    }
    return functions + "    function f8(x) { return x == x; }\n"
  }

  @Test func sharedListsHitTheCap() {
    let rules = ProofHarness.ruleset(Self.doublingFunctions() + "    match /items/{id} { allow list: if f0(1); }")
    let proof = ProofHarness.prove(rules, #"collection("items")"#)
    #expect(!proof.allowed)
    #expect(proof.limitBreach == ValueSize.tooLarge.message)
  }

  @Test func aBuiltInsLimitErrorIsNotAbsorbed() {
    let chain = "'x'" + String(repeating: ".replace('x', 'xxxx')", count: 20)
    let proof = ProofHarness.prove(ProofHarness.items("\(chain).size() > 0 || true"), #"collection("items")"#)
    #expect(!proof.allowed)
    #expect(proof.limitBreach == ValueSize.tooLarge.message)
    #expect(ProofHarness.allowed("'x'.replace('x', 'xx').size() == 2 || true", #"collection("items")"#))
  }
}
