/// Reads the files of one language group with the chain reader (TypeScript/JavaScript files; the
/// Kotlin and Java files of an Android app; Dart files), each with its language's dialect and
/// surface, as one program:
/// 1. declarations: every file's top-level code, twice (a name may be built from names of files
///    read after it), gives the names every file sees (`ChainProgram.globals`);
/// 2. a first full reading, its findings dropped: which helpers are followed from call sites
///    and which build queries;
/// 3. the reading whose findings are kept.
/// Each pass reads each token a bounded number of times: helper calls are memoized per
/// arguments and bounded by the program's size.
enum ChainExtraction {
  /// Returns the work done (statements and expressions read, all passes).
  @discardableResult
  static func extract(
    _ files: [(name: String, text: String, language: SourceLanguage)], into findings: inout SourceFindings
  ) -> Int {
    // Each file is tokenized once: the name counts and every pass read the same tokens.
    let read = files.compactMap { file in
      reader(for: file.language).map { (file, $0.dialect, $0.surface, tokens: $0.dialect.tokenize(file.text)) }
    }
    let program = ChainProgram(tokenCount: read.reduce(0) { $0 + $1.tokens.count })
    program.importsFirestore = read.map { importsFirestore($0.tokens, text: $0.0.text, language: $0.0.language) }
    var nameCounts: [String: Int] = [:]
    for (_, _, _, tokens) in read {
      for token in tokens where token.kind == .identifier { nameCounts[token.text, default: 0] += 1 }
    }
    // One reader per file for every pass (its brackets, lines and functions are found once).
    program.readers = read.enumerated().map { index, item in
      let (file, dialect, surface, tokens) = item
      let reader = ChainEvaluator(
        text: file.text, tokens: tokens, file: file.name, language: file.language, dialect: dialect,
        surface: surface, program: program, index: index)
      reader.nameCounts = nameCounts
      return reader
    }
    func readers() -> [ChainEvaluator] {
      for reader in program.readers { reader.startPass(moduleEnv: program.moduleEnvs[reader.index]) }
      return program.readers
    }
    for _ in 0..<2 {
      program.startPass(reporting: false)
      for reader in readers() {
        reader.runDeclarations()
        for (name, value) in reader.moduleEnv.ownValues where isDeclaration(value) { program.declare(name, value) }
      }
    }
    // Functions other files may call: named once in the group.
    var declared: [String: [(Int, ChainFunction)]] = [:]
    for reader in program.readers {
      for (name, function) in reader.bodies { declared[name, default: []].append((reader.index, function)) }
    }
    for (name, list) in declared where list.count == 1 { program.functions[name] = (list[0].0, list[0].1) }
    for reader in program.readers {
      for (name, function) in reader.bodies where program.queryExtensions[name] == nil {
        if let receiver = function.receiver, ChainProgram.queryTypes.contains(receiver) {
          program.queryExtensions[name] = (reader.index, function)
        }
      }
    }
    program.liveness = ChainLiveness(program.readers, nameCounts: nameCounts)
    program.classes = ChainClasses(program.readers)
    program.startPass(reporting: false)
    for reader in readers() {
      reader.run()
      program.moduleEnvs[reader.index] = reader.moduleEnv
    }
    // A method named anywhere but at the instance calls seen (and its declaration) is read where
    // it is written, with every variant.
    for (key, seen) in program.instanceCalls where seen.calls.count < (nameCounts[seen.name] ?? 0) - 1 {
      program.followed.remove(key)
    }
    program.startPass(reporting: true)
    program.findings = findings
    for reader in readers() { reader.run() }
    findings = program.findings
    return program.work
  }

  /// A top-level value other files may name: anything known.
  private static func isDeclaration(_ value: SourceValue) -> Bool {
    if case .unknown = value { return false }
    return true
  }

  /// Whether the file names a Firestore SDK: a JS import or require of `firebase`, `firestore`
  /// or `@angular/fire`; a Kotlin or Java import of `com.google.firebase.firestore` (or the KTX
  /// `Firebase.firestore`); a Dart import of `cloud_firestore`.
  static func importsFirestore(_ tokens: [ChainToken], text: String, language: SourceLanguage) -> Bool {
    switch language {
    case .typescript, .javascript:
      return tokens.contains { token in
        token.kind == .string && (token.text.contains("firebase") || token.text.contains("firestore"))
      }
    case .dart:
      return tokens.contains { $0.kind == .string && $0.text.contains("cloud_firestore") }
    case .kotlin, .java:
      return text.contains("firebase.firestore") || text.contains("FirebaseFirestore")
    case .swift:
      return false
    }
  }
}
