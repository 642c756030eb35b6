import Foundation

/// One measurement, printed as a JSON line.
struct BenchResult {
  var name: String
  var fields: [(String, String)]

  func line() -> String {
    let body = ([("bench", "\"\(name)\"")] + fields).map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
    return "{\(body)}"
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

func format(_ value: Double, digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}
