import FlintKit
import RulesLanguage

/// Front door: a rules file given to `flint check` (text and JSON rendering included).
public enum RulesHarness {
  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    let (source, diagnostics) = RulesCheck.check(bytes: bytes, name: "fuzz.rules")
    try Invariants.rendered(diagnostics, in: source, inputSize: bytes.count)
    if diagnostics.contains(where: { $0.code == .sourceNotText }), diagnostics.count != 1 {
      throw InvariantViolation("a file that is not text got \(diagnostics.count) diagnostics")
    }
  }
}
