import RulesLanguage

/// One suite file as a CI report sees it: run (with how long it took) or not loadable.
package enum SuiteRun: Sendable {
  case ran(SuiteResult, seconds: Double)
  case unloadable(file: String, error: SuiteError)
}

/// Suite results as JUnit XML, the format Jenkins, GitLab and GitHub test reporters read:
///
/// ```xml
/// <testsuites name="flint test" tests="3" failures="1" errors="0" time="0.004">
///   <testsuite name="a.yaml" tests="3" failures="1" errors="0" skipped="0" time="0.004">
///     <testcase classname="a.yaml" name="owner reads" file="a.yaml" line="7"/>
///     <testcase classname="a.yaml" name="stranger reads" file="a.yaml" line="12">
///       <failure message="expected deny, got allow" type="verdict">...explanation...</failure>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
///
/// A failure's body is the block `flint test` prints for the case. A suite that could not be
/// loaded is a `testsuite` with one `testcase` holding an `<error>` (the problems as printed).
package enum JUnitReport {
  package static func render(_ runs: [SuiteRun], explain: ExplainLevel = .short) -> String {
    var tests = 0
    var failures = 0
    var errors = 0
    var seconds = 0.0
    var body = ""
    for run in runs {
      switch run {
      case .ran(let result, let time):
        tests += result.cases.count + (result.caseErrors.isEmpty ? 0 : 1)
        errors += result.caseErrors.isEmpty ? 0 : 1
        failures += result.failed
        seconds += time
        body += suite(result, time: time, explain: explain)
      case .unloadable(let file, let error):
        tests += 1
        errors += 1
        body += unloadable(file, error)
      }
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<testsuites name=\"flint test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" "
      + "time=\"\(timeText(seconds))\">\n"
      + body + "</testsuites>\n"
  }

  static func suite(_ result: SuiteResult, time: Double, explain: ExplainLevel) -> String {
    let name = XMLEscaper.attribute(result.file)
    let invalid = result.caseErrors.isEmpty ? 0 : 1
    var out =
      "  <testsuite name=\"\(name)\" tests=\"\(result.cases.count + invalid)\" failures=\"\(result.failed)\" "
      + "errors=\"\(invalid)\" skipped=\"0\" time=\"\(timeText(time))\">\n"
    if invalid > 0 {
      // The cases that could not be read: one testcase holding all their problems.
      let description = SuiteError.invalidCases(result.caseErrors).description
      let firstLine = description.split(separator: "\n").first.map(String.init) ?? ""
      out += "    <testcase classname=\"\(name)\" name=\"(cases that could not be read)\" file=\"\(name)\">\n"
      out += "      <error message=\"\(XMLEscaper.attribute(firstLine))\" type=\"invalid case\">"
      out += XMLEscaper.text(description) + "</error>\n"
      out += "    </testcase>\n"
    }
    for testCase in result.cases {
      var attributes = "classname=\"\(name)\" name=\"\(XMLEscaper.attribute(testCase.name))\" file=\"\(name)\""
      if let line = testCase.line { attributes += " line=\"\(line)\"" }
      if testCase.passed {
        out += "    <testcase \(attributes)/>\n"
        continue
      }
      let message = SuiteReport.failure(testCase)
      let explanation = SuiteReport.block(testCase, in: result, explain: explain)
      out += "    <testcase \(attributes)>\n"
      out += "      <failure message=\"\(XMLEscaper.attribute(message))\" type=\"verdict\">"
      out += XMLEscaper.text(explanation) + "</failure>\n"
      out += "    </testcase>\n"
    }
    return out + "  </testsuite>\n"
  }

  static func unloadable(_ file: String, _ error: SuiteError) -> String {
    let name = XMLEscaper.attribute(file)
    let description = error.description
    let firstLine = description.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
    return "  <testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0.000\">\n"
      + "    <testcase classname=\"\(name)\" name=\"(suite could not be loaded)\" file=\"\(name)\">\n"
      + "      <error message=\"\(XMLEscaper.attribute(firstLine))\" type=\"invalid suite\">"
      + XMLEscaper.text(description) + "</error>\n"
      + "    </testcase>\n"
      + "  </testsuite>\n"
  }

  /// Seconds with three decimals, e.g. `0.004`.
  static func timeText(_ seconds: Double) -> String {
    let millis = Int((max(0, seconds) * 1000).rounded())
    let fraction = String(millis % 1000)
    return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
