/// Reads the files of one module with the chain reader (TypeScript/JavaScript files; the Kotlin
/// and Java files of an Android app; Dart files), each with its language's dialect and surface.
/// Constants at the top level of any file (`export const POSTS = "posts"`, `const val POSTS =
/// "posts"`, `static final String POSTS`) are visible in the others: first every file's
/// constants (nothing reported), then every file with them.
enum ChainExtraction {
  static func extract(
    _ files: [(name: String, text: String, language: SourceLanguage)], into findings: inout SourceFindings
  ) {
    // Each file is tokenized once: the name counts and both passes read the same tokens.
    let read = files.compactMap { file in
      reader(for: file.language).map { (file, $0.dialect, $0.surface, tokens: $0.dialect.tokenize(file.text)) }
    }
    var globals: ChainEvaluator.Env = [:]
    var nameCounts: [String: Int] = [:]
    for (_, _, _, tokens) in read {
      for token in tokens where token.kind == .identifier { nameCounts[token.text, default: 0] += 1 }
    }
    for (file, dialect, surface, tokens) in read {
      let evaluator = ChainEvaluator(
        text: file.text, tokens: tokens, file: file.name, language: file.language, dialect: dialect,
        surface: surface, findings: SourceFindings())
      evaluator.run()
      for (name, value) in evaluator.moduleEnv {
        if case .string = value, globals[name] == nil { globals[name] = value }
      }
    }
    for (file, dialect, surface, tokens) in read {
      let evaluator = ChainEvaluator(
        text: file.text, tokens: tokens, file: file.name, language: file.language, dialect: dialect,
        surface: surface, findings: findings)
      evaluator.nameCounts = nameCounts
      evaluator.run(globals: globals)
      findings = evaluator.findings
    }
  }
}
