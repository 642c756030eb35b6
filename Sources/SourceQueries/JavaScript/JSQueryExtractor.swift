/// Finds the Firestore queries of TypeScript and JavaScript files (no dependency: a tokenizer
/// and a reader of statements and call chains, see `JSQueryEvaluator`). String constants at the
/// top level of any file (`export const POSTS = "posts"`) are visible in the others.
package enum JSQueryExtractor {
  package static func extract(_ files: [(name: String, text: String)]) -> SourceExtraction {
    var findings = SourceFindings()
    extract(files, into: &findings)
    findings.extraction.finish()
    return findings.extraction
  }

  static func extract(_ files: [(name: String, text: String)], into findings: inout SourceFindings) {
    // First the files' top-level string constants (nothing reported), then every file with them.
    var globals: JSQueryEvaluator.Env = [:]
    var nameCounts: [String: Int] = [:]
    for file in files {
      for token in JSTokenizer.tokenize(file.text) where token.kind == .identifier {
        nameCounts[token.text, default: 0] += 1
      }
    }
    for file in files {
      let evaluator = JSQueryEvaluator(
        text: file.text, file: file.name, language: language(file.name), findings: SourceFindings())
      evaluator.run()
      for (name, value) in evaluator.moduleEnv {
        if case .string = value, globals[name] == nil { globals[name] = value }
      }
    }
    for file in files {
      let evaluator = JSQueryEvaluator(
        text: file.text, file: file.name, language: language(file.name), findings: findings)
      evaluator.nameCounts = nameCounts
      evaluator.run(globals: globals)
      findings = evaluator.findings
    }
  }

  private static func language(_ name: String) -> SourceLanguage {
    SourceLanguage(fileName: name) == .typescript ? .typescript : .javascript
  }
}
