import FirestoreModel
import RulesEngine
import RulesLanguage

/// `hashing.*` and `toBase64()` evaluations per second on a 1 KiB string (one function
/// per evaluation, in turn), to compare the library-backed built-ins with what they replaced.
enum HashingBench {
  static func run(iterations: Int = 200_000) -> BenchResult {
    let calls = [
      "hashing.md5(s)", "hashing.sha256(s)", "hashing.crc32(s)", "hashing.crc32c(s)", "s.toUtf8().toBase64()",
    ]
    let exprs = calls.map { RulesParser.parseExpression(SourceFile(name: "bench", text: $0)).expr }
    let text = String((0..<1024).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
    let bindings: [String: RulesValue] = ["s": .string(text)]
    let options = EvaluationOptions(traceLevel: .none)
    var bytes = 0
    let seconds = bestSeconds {
      bytes = 0
      for index in 0..<iterations {
        let result = Evaluator.evaluate(expression: exprs[index % exprs.count], bindings: bindings, options: options)
        switch result.result {
        case .success(.bytes(let digest)): bytes += digest.count
        case .success(.string(let encoded)): bytes += encoded.utf8.count
        default: break
        }
      }
    }
    return BenchResult(
      name: "hashing-evaluation",
      fields: [
        ("evaluations", .int(iterations)), ("output_bytes", .int(bytes)), ("seconds", format(seconds, digits: 3)),
        ("evaluations_per_second", format(Double(iterations) / seconds, digits: 0)),
      ])
  }
}
