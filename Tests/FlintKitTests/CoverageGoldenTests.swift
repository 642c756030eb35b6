import FlintKit
import FlintTestSupport
import Foundation
import Testing

/// Coverage reports of the corpus suites, against `Corpus/coverage` (`UPDATE_GOLDENS=1`
/// rewrites them): each suite's text report, the whole corpus as lcov, and one JSON and one HTML report.
@Suite struct CoverageGoldenTests {
  static func coverage(_ suites: [String]) throws -> SuiteCoverage {
    var coverage = SuiteCoverage()
    for name in suites {
      let suite = try PackageFiles.load("Corpus/suites/" + name)
      coverage.record(suite, SuiteRunner().run(suite))
    }
    return coverage
  }

  static func check(_ actual: String, against golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
    Golden.expect(actual, matches: "Corpus/coverage/" + golden, sourceLocation: sourceLocation)
  }

  @Test(arguments: CorpusTests.suites)
  func textReport(_ suite: String) throws {
    let name = (suite as NSString).deletingPathExtension + ".txt"
    Self.check(CoverageFormat.text.render(try Self.coverage([suite])), against: name)
  }

  @Test func corpusAsLCOV() throws {
    let lcov = CoverageFormat.lcov.render(try Self.coverage(CorpusTests.suites))
    Self.check(lcov, against: "corpus.lcov")
    try LCOVCheck.validate(lcov)
  }

  @Test func htmlReport() throws {
    Self.check(CoverageFormat.html.render(try Self.coverage(["auth.yaml"])), against: "auth.html")
  }

  @Test func jsonReport() throws {
    let json = CoverageFormat.json.render(try Self.coverage(["auth.yaml"]))
    Self.check(json, against: "auth.json")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let files = try #require(object?["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(files[0]["file"] as? String == "Corpus/suites/rules/auth.rules")
    let expressions = try #require(files[0]["expressions"] as? [[String: Any]])
    #expect(expressions.allSatisfy { $0["line"] is Int && $0["text"] is String && $0["true"] is Int })
  }
}

/// Checks an lcov tracefile's structure the way genhtml reads it: records from `SF:` to
/// `end_of_record`, and `LF`/`LH`, `BRF`/`BRH`, `FNF`/`FNH` agreeing with the entries.
enum LCOVCheck {
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  static func validate(_ text: String) throws {
    var inRecord = false
    var lines: [Int: Int] = [:]
    var branches: [String] = []
    var functions: [String: Int] = [:]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
      let key = parts.first ?? ""
      let fields = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : []
      switch key {
      case "TN", "": continue
      case "SF":
        guard !inRecord else { throw Problem(description: "SF inside a record") }
        inRecord = true
        lines = [:]
        branches = []
        functions = [:]
      case "end_of_record":
        guard inRecord else { throw Problem(description: "end_of_record outside a record") }
        inRecord = false
      case "DA":
        guard fields.count == 2, let line = Int(fields[0]), let count = Int(fields[1]), lines[line] == nil else {
          throw Problem(description: "bad or repeated DA: \(line)")
        }
        lines[line] = count
      case "BRDA":
        guard fields.count == 4, Int(fields[0]) != nil, fields[3] == "-" || Int(fields[3]) != nil else {
          throw Problem(description: "bad BRDA: \(line)")
        }
        branches.append(fields[3])
      case "FN":
        guard fields.count == 2, functions[fields[1]] == nil else {
          throw Problem(description: "bad or repeated FN: \(line)")
        }
        functions[fields[1]] = 0
      case "FNDA":
        guard fields.count == 2, let count = Int(fields[0]), functions[fields[1]] != nil else {
          throw Problem(description: "FNDA without FN: \(line)")
        }
        functions[fields[1]] = count
      case "LF", "LH", "BRF", "BRH", "FNF", "FNH":
        let expected: Int =
          switch key {
          case "LF": lines.count
          case "LH": lines.values.count { $0 > 0 }
          case "BRF": branches.count
          case "BRH": branches.count { Int($0).map { $0 > 0 } ?? false }
          case "FNF": functions.count
          default: functions.values.count { $0 > 0 }
          }
        guard fields.first == String(expected) else { throw Problem(description: "\(line), counted \(expected)") }
      default:
        throw Problem(description: "unknown lcov line: \(line)")
      }
      if key != "SF" && key != "end_of_record" && !inRecord { throw Problem(description: "outside a record: \(line)") }
    }
    if inRecord { throw Problem(description: "no end_of_record") }
  }
}
