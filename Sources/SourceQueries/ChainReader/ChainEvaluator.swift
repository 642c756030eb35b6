/// Reads C-family source token by token: statements, variables (declarations, reassignments
/// inside `if`/`else`), helper functions, and call chains, which the language's `ChainSurface`
/// maps to query steps. Unknown syntax is skipped a token at a time, so any input ends (every
/// loop advances; nesting is capped).
final class ChainEvaluator {
  typealias Env = [String: SourceValue]

  let dialect: any ChainDialect
  let surface: any ChainSurface
  let tokens: [ChainToken]
  let file: String
  let language: SourceLanguage
  let lines: LineTable
  let source: [UInt8]
  var findings: SourceFindings
  var functions: [String: ChainFunction] = [:]
  /// Functions named without a call (Dart getters).
  var getters: Set<String> = []
  /// Every function body of the file, named or not, in order (methods of two classes may share a name).
  var bodies: [(name: String, function: ChainFunction)] = []
  /// How often each name occurs in all the files read together: a function whose name occurs
  /// once (its declaration) is called from elsewhere, and the query it returns is reported.
  var nameCounts: [String: Int] = [:]
  var reportingReturns = false
  let closers: [Int]
  var pos = 0
  var limit: Int
  var reporting = true
  var depth = 0
  var inlineDepth = 0
  /// Tokens that helper calls may still run inlined (20 for each token of the file): fan-out
  /// (`fun f() { f(); f(); … }`) would otherwise run 10^8 bodies under the depth cap.
  var inlineBudget: Int
  static let inlineBudgetPerToken = 20
  /// The class (or object) whose body is being read: its members are also `Name.member`.
  var classScope: String?
  /// The value of the last expression statement (a Kotlin block's value).
  var lastExpression: SourceValue?
  static let maxDepth = 150

  /// `tokens` are `dialect.tokenize(text)` (tokenized once by the caller, who reads them too).
  init(
    text: String, tokens: [ChainToken], file: String, language: SourceLanguage, dialect: any ChainDialect,
    surface: any ChainSurface, findings: SourceFindings
  ) {
    self.dialect = dialect
    self.syntax = dialect.syntax
    self.surface = surface
    self.tokens = tokens
    self.closers = Self.pairs(tokens)
    self.file = file
    self.language = language
    self.lines = LineTable(text)
    self.source = Array(text.utf8)
    self.findings = findings
    self.limit = tokens.count - 1
    self.inlineBudget = Self.inlineBudgetPerToken * tokens.count
  }

  /// The dialect's syntax, copied once: read through the existential on every token, its sets
  /// were copied and released each time (a tenth of the instructions of source extraction).
  let syntax: ChainSyntax

  // MARK: Cursor

  var token: ChainToken { tokens[min(pos, limit)] }
  func peek(_ k: Int = 1) -> ChainToken { tokens[min(pos + k, limit)] }
  var atEnd: Bool { pos >= limit }
  func isPunct(_ p: String) -> Bool { pos < limit && token.isPunct(p) }
  func eat(_ p: String) -> Bool {
    if isPunct(p) {
      pos += 1
      return true
    }
    return false
  }

  /// The token starts a new line in a language where that ends a statement.
  var onNewLine: Bool { syntax.newlineEndsStatements && token.newlineBefore }

  /// The index of the bracket closing the one at `open` (all pairs found once, in one pass).
  func matching(_ open: Int) -> Int? {
    let close = closers[open]
    return close >= 0 ? close : nil
  }

  private static func pairs(_ tokens: [ChainToken]) -> [Int] {
    var closers = [Int](repeating: -1, count: tokens.count)
    var stack: [(index: Int, close: String)] = []
    for (index, token) in tokens.enumerated() where token.kind == .punctuation {
      switch token.text {
      case "(": stack.append((index, ")"))
      case "[": stack.append((index, "]"))
      case "{": stack.append((index, "}"))
      case ")", "]", "}":
        // A stray closer is skipped; one that closes an outer bracket closes the ones inside too.
        // (Searched among the innermost 64 only: a long run of stray closers stays linear.)
        guard let at = stack.indices.suffix(64).last(where: { stack[$0].close == token.text }) else { continue }
        closers[stack[at].index] = index
        stack.removeSubrange(at...)
      default: break
      }
    }
    return closers
  }

  // MARK: Entry

  /// Top-level variables of the file once its top-level code ran (what functions see).
  private(set) var moduleEnv: Env = [:]

  /// Runs the file: top-level code (with `globals`, constants of the other files, as a
  /// fallback), then every function body with its parameters unknown.
  func run(globals: Env = [:]) {
    for (name, function) in dialect.functions(self) { define(name, function) }
    var env = globals
    pos = 0
    statements(until: nil, env: &env)
    moduleEnv = env
    for (name, function) in bodies {
      reportingReturns = (nameCounts[name] ?? 0) <= 1
      defer { reportingReturns = false }
      var inner = moduleEnv
      for parameter in function.parameters { inner[parameter] = .unknown(parameter) }
      _ = runBody(function, env: &inner)
    }
  }

  private func define(_ name: String, _ function: ChainFunction) {
    if functions[name] == nil { functions[name] = function }
    bodies.append((name, function))
  }

  // MARK: Places and reports

  func place(_ offset: Int) -> SourcePlace { lines.place(file: file, offset: offset) }

  /// The source text of a token range.
  func text(_ range: Range<Int>) -> String {
    let start = tokens[range.lowerBound].start
    let end = tokens[max(range.lowerBound, range.upperBound - 1)].end
    return String(decoding: source[start..<max(start, end)], as: UTF8.self)
  }

  /// An argument's text on one line, for reasons (`missing` when there is none).
  func fieldText(_ argument: ChainArgument?) -> String {
    guard let argument, !argument.range.isEmpty else { return "missing" }
    return SourceFindings.oneLine(text(argument.range))
  }

  func report(_ value: SourceValue, tokens range: Range<Int>) {
    guard reporting else { return }
    findings.report(value, place: place(tokens[range.lowerBound].start), language: language, text: self.text(range))
  }

  /// A query handed to code that is not the SDK's runs there: reported at the argument.
  func reportQueries(in args: [ChainArgument]) {
    for argument in args {
      if case .query = argument.value { report(argument.value, tokens: argument.range) }
    }
  }

  // MARK: Functions

  /// Runs a function body over its token range; returns the value(s) it returns, merged.
  func runBody(_ function: ChainFunction, env: inout Env) -> SourceValue {
    let savedPos = pos
    let savedLimit = limit
    pos = function.body.lowerBound
    limit = function.body.upperBound
    defer {
      pos = savedPos
      limit = savedLimit
    }
    if !function.isBlock {
      let start = pos
      let value = expression(env: &env)
      if reportingReturns { report(value, tokens: start..<pos) }
      return value
    }
    let returns = statements(until: nil, env: &env)
    guard var value = returns.first else { return .unknown("value") }
    for other in returns.dropFirst() { value = SourceValue.merge(value, other) }
    return value
  }

  /// A helper of the file called at `call` (a token range) with `args`: what it returns, or nil
  /// past the nesting cap. Once the inline budget is spent the call is listed as unresolved
  /// (the queries the helper builds are not followed) and its value is not known.
  func inlineCall(_ function: ChainFunction, _ args: [ChainArgument], call: Range<Int>) -> SourceValue? {
    guard inlineDepth < 8 else { return nil }
    guard inlineBudget >= function.body.count else {
      inlineBudget = 0
      findings.unresolved(
        "the file's helpers call each other more often than Flint follows (\(Self.inlineBudgetPerToken) times "
          + "its size); the queries this call builds are not checked",
        place: place(tokens[call.lowerBound].start), language: language, text: text(call))
      return .unknown("value")
    }
    inlineBudget -= function.body.count
    return inline(function, args)
  }

  /// A helper of the file called with `values` (named ones by label): what it returns.
  func inline(_ function: ChainFunction, _ args: [ChainArgument]) -> SourceValue {
    var inner = moduleEnv
    let positional = args.filter { $0.label == nil }
    for (index, parameter) in function.parameters.enumerated() {
      if let named = args.first(where: { $0.label == parameter }) {
        inner[parameter] = named.value
      } else {
        inner[parameter] = index < positional.count ? positional[index].value : .unknown(parameter)
      }
    }
    let saved = reporting
    let savedReturns = reportingReturns
    reporting = false
    reportingReturns = false
    defer { reportingReturns = savedReturns }
    inlineDepth += 1
    defer {
      reporting = saved
      inlineDepth -= 1
    }
    return runBody(function, env: &inner)
  }

  /// Reads an inline function (a method of an object literal, a lambda) for the queries its
  /// body runs, its parameters unknown; what it returns is not reported on its own. Leaves
  /// `pos` after the function.
  func readInline(_ function: ChainFunction, env: Env) {
    let saved = reportingReturns
    reportingReturns = false
    defer { reportingReturns = saved }
    var inner = env
    for parameter in function.parameters { inner[parameter] = .unknown(parameter) }
    _ = runBody(function, env: &inner)
    pos = function.body.upperBound + (function.isBlock ? 1 : 0)
  }
}
