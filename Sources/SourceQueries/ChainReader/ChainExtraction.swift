/// Reads the files of one language with the chain reader. Constants at the top level of any
/// file (`export const POSTS = "posts"`, `const val POSTS = "posts"`, `static final String POSTS`)
/// are visible in the others: first every file's constants (nothing reported), then every file
/// with them.
enum ChainExtraction {
  static func extract(
    _ files: [(name: String, text: String)], dialect: any ChainDialect, surface: any ChainSurface,
    into findings: inout SourceFindings, language: (String) -> SourceLanguage
  ) {
    var globals: ChainEvaluator.Env = [:]
    var nameCounts: [String: Int] = [:]
    for file in files {
      for token in dialect.tokenize(file.text) where token.kind == .identifier {
        nameCounts[token.text, default: 0] += 1
      }
    }
    for file in files {
      let evaluator = ChainEvaluator(
        text: file.text, file: file.name, language: language(file.name), dialect: dialect, surface: surface,
        findings: SourceFindings())
      evaluator.run()
      for (name, value) in evaluator.moduleEnv {
        if case .string = value, globals[name] == nil { globals[name] = value }
      }
    }
    for file in files {
      let evaluator = ChainEvaluator(
        text: file.text, file: file.name, language: language(file.name), dialect: dialect, surface: surface,
        findings: findings)
      evaluator.nameCounts = nameCounts
      evaluator.run(globals: globals)
      findings = evaluator.findings
    }
  }
}
