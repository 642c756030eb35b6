import Foundation
import Testing

@testable import RulesEngine

/// Red-team regressions: int64 extremes through the time and arithmetic built-ins.
/// `duration.value(-9223372036854775808, 's')` trapped in `abs` (SIGILL) instead of erring.
@Suite struct ExtremeIntegerTests {
  static let extremes = ["(-9223372036854775807 - 1)", "-9223372036854775807", "9223372036854775807", "0", "-1"]

  @Test func durationOfInt64MinIsARangeError() {
    for unit in ["w", "d", "h", "m", "s"] {
      let result = evalExpr("duration.value(-9223372036854775807 - 1, '\(unit)')")
      #expect(result.error?.message == "Range error: duration is out of range.", "\(unit)")
    }
    #expect(evalExpr("duration.value(-315576000000, 's').seconds()").value == .int(-315_576_000_000))
    #expect(evalExpr("duration.value(-315576000001, 's')").error?.message == "Range error: duration is out of range.")
  }

  @Test(arguments: extremes)
  func everyUnitAndOperationAnswers(value: String) {
    for unit in ["w", "d", "h", "m", "s", "ms", "ns"] {
      for template in [
        "duration.value(V, 'U')", "duration.abs(duration.value(V, 'U'))",
        "duration.value(V, 'U') - duration.value(V, 'U')", "timestamp.value(0) + duration.value(V, 'U')",
        "timestamp.value(0) - duration.value(V, 'U')", "duration.time(V, V, V, V)", "timestamp.value(V)",
        "timestamp.date(V, 1, 1)", "math.abs(V)", "V * V", "V / -1", "V % -1", "-V",
      ] {
        let text = template.replacingOccurrences(of: "V", with: value).replacingOccurrences(of: "U", with: unit)
        let result = evalExpr(text)
        #expect(result.value != nil || result.error != nil, "\(text)")
      }
    }
  }
}
