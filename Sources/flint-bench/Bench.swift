import FirestoreModel
import Foundation

/// One measurement, printed as a JSON line: `{"bench": name, ...fields}`.
struct BenchResult {
  var name: String
  var fields: [(String, JSONValue)]

  func line() -> String {
    JSONValue.object([("bench", .string(name))] + fields).text(.spaced)
  }
}

/// Wall-clock timing, best of `repeats` runs of `body`.
func bestSeconds(repeats: Int = 3, _ body: () -> Void) -> Double {
  var best = Double.infinity
  for _ in 0..<repeats {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    best = min(best, elapsed)
  }
  return best
}

/// Peak resident set size of this process so far, in bytes.
func peakResidentBytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss * 1024
}

/// `value` rounded to `digits` decimals, as a JSON number: an integer for no decimals (when it
/// fits), a double otherwise (the writer prints NaN and infinities as strings).
func format(_ value: Double, digits: Int = 1) -> JSONValue {
  if digits == 0, value.isFinite, abs(value) < 9e18 { return .int(Int64(value.rounded())) }
  guard value.isFinite else { return .double(value) }
  let scale = pow(10, Double(digits))
  return .double((value * scale).rounded() / scale)
}
