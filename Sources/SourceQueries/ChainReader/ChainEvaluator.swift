/// Reads C-family source token by token: statements, variables (declarations, reassignments
/// inside `if`/`else`), helper functions, and call chains, which the language's `ChainSurface`
/// maps to query steps. Unknown syntax is skipped a token at a time, so any input ends (every
/// loop advances; nesting is capped).
final class ChainEvaluator {
  typealias Env = ChainEnv

  let dialect: any ChainDialect
  let surface: any ChainSurface
  let tokens: [ChainToken]
  let file: String
  let language: SourceLanguage
  let lines: LineTable
  let source: [UInt8]
  /// The group of files this one is read with (names, helpers, memo, bounds, findings).
  let program: ChainProgram
  /// This file's index in the program.
  let index: Int
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
  /// Only the top-level declarations are read (the first pass): function bodies are not.
  var declarationsOnly = false
  /// Local names of ES namespace imports (`import * as names from "./names"`): `names.X` is `X`.
  var namespaces: Set<String> = []
  /// Local names of renamed imports and the names they import (`import { Names as N }`).
  var aliases: [String: String] = [:]
  /// The named members of the object literals read, by the token index of their `{` (nested
  /// members as `a.b`): `const Names = { posts: "posts" } as const` declares `Names.posts`.
  var objectMembers: [Int: [(String, SourceValue)]] = [:]
  /// The class (or object) whose body is being read: its members are also `Name.member`.
  var classScope: String?
  /// What the function literals read where they are written return, by the token that starts
  /// them (`useMemo(() => query(...), [...])` is the query).
  var lambdaReturns: [Int: SourceValue] = [:]
  /// The queries and references handed to React state setters (`setQuery` of `const [q,
  /// setQuery] = useState()`), by the state (the setter's value, `stateSetterMark` and the
  /// declaration's place), merged over the passes: the state holds them where it is read.
  var stateValues: [String: SourceValue] = [:]
  static let stateSetterMark = "\u{1}useState setter "
  /// The value of the last expression statement (a Kotlin block's value).
  var lastExpression: SourceValue?
  static let maxDepth = 150

  /// `tokens` are `dialect.tokenize(text)` (tokenized once by the caller, who reads them too).
  init(
    text: String, tokens: [ChainToken], file: String, language: SourceLanguage, dialect: any ChainDialect,
    surface: any ChainSurface, program: ChainProgram, index: Int
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
    self.program = program
    self.index = index
    self.limit = tokens.count - 1
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
  var moduleEnv = Env()
  /// Whether the top-level code has run (`moduleEnv` is complete).
  var moduleReady = false

  /// Starts a pass over the file: the cursor and the reading state as new, the file's top-level
  /// variables from the pass before (if any).
  func startPass(moduleEnv: Env?) {
    pos = 0
    limit = tokens.count - 1
    reporting = true
    reportingReturns = false
    depth = 0
    inlineDepth = 0
    classScope = nil
    lastExpression = nil
    objectMembers = [:]
    self.moduleEnv = moduleEnv ?? Env()
    moduleReady = moduleEnv != nil
  }

  /// Finds the file's functions (once per reader).
  func findFunctions() {
    guard bodies.isEmpty else { return }
    for (name, function) in dialect.functions(self) { define(name, function) }
  }

  /// Runs the file's top-level code only (functions and lambdas not read), with the program's
  /// names as a fallback: what the file declares.
  func runDeclarations() {
    findFunctions()
    declarationsOnly = true
    defer { declarationsOnly = false }
    var env = program.globalEnv.scope()
    pos = 0
    statements(until: nil, env: &env)
    moduleEnv = env
    moduleReady = true
  }

  /// Runs the file: top-level code (with the program's names as a fallback), then every function
  /// body not yet read with its parameters unknown. A helper followed from its call sites
  /// reports nothing on its own (its queries are reported there).
  func run() {
    findFunctions()
    var env = program.globalEnv.scope()
    pos = 0
    statements(until: nil, env: &env)
    moduleEnv = env
    moduleReady = true
    for (name, function) in bodies {
      let key = ChainProgram.FunctionKey(file: index, body: function.body.lowerBound)
      guard !program.readBodies.contains(key) || (nameCounts[name] ?? 0) <= 1 && program.work < workBound else {
        continue
      }
      program.readBodies.insert(key)
      reportingReturns = (nameCounts[name] ?? 0) <= 1
      let silent = program.reportingPass && program.followed.contains(key)
      reporting = !silent
      let before = program.findings.extraction.queries.count + program.findings.extraction.unresolved.count
      defer {
        reportingReturns = false
        reporting = true
      }
      var inner = moduleEnv.scope()
      for parameter in function.parameters + function.destructuredLocals { inner[parameter] = .unknown(parameter) }
      _ = runBody(function, env: &inner)
      if !program.reportingPass,
        program.findings.extraction.queries.count + program.findings.extraction.unresolved.count > before
      {
        program.buildsQueries.insert(key)
      }
    }
  }

  /// The work past which function bodies already read are not read again (a few readings of
  /// each token of the group).
  var workBound: Int { 16 * program.tokenCount + 100_000 }

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

  /// Reports a query at its tokens; inside a helper followed from a call site, at the call site
  /// (a reason names the helper).
  func report(_ value: SourceValue, tokens range: Range<Int>) {
    guard reporting, case .query(let states) = value else { return }
    let here = place(tokens[range.lowerBound].start)
    let dead = program.callSite?.dead ?? program.liveness.isDead(file: index, position: range.lowerBound)
    if let site = program.callSite {
      let named = SourceValue.query(
        states.map {
          var state = $0
          if let problem = state.problem { state.problem = problem + " (in \(site.helper)(), called here)" }
          return state
        })
      program.findings.report(
        named, place: site.place, language: language, text: site.text,
        via: SourceHelperPlace(function: site.helper, place: here, through: site.nested), dead: dead)
      return
    }
    program.findings.report(value, place: here, language: language, text: self.text(range), dead: dead)
  }

  /// An unresolved call, listed once at its place (at the call site, inside a followed helper).
  func unresolved(_ reason: String, tokens range: Range<Int>) {
    guard reporting else { return }
    if let site = program.callSite {
      let here = SourceHelperPlace(
        function: site.helper, place: place(tokens[range.lowerBound].start), through: site.nested)
      program.findings.unresolved(
        reason + " (in \(site.helper)(), called here)", place: site.place, language: language, text: site.text,
        via: here)
      return
    }
    program.findings.unresolved(
      reason, place: place(tokens[range.lowerBound].start), language: language, text: text(range))
  }

  /// A query handed to code that is not the SDK's runs there: reported at the argument.
  /// A bare reference to a collection whose name Flint cannot resolve is not reported: handed
  /// over, it may be written to (an import tool, a batch), and read as it is (no clause) it
  /// needs no index whatever its name.
  func reportQueries(in args: [ChainArgument]) {
    for argument in args {
      guard case .query(let states) = argument.value else { continue }
      if states.allSatisfy({ $0.steps.isEmpty && $0.path.last == QueryState.computedCollectionID }) { continue }
      report(argument.value, tokens: argument.range)
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

  /// A helper called at `call` (a token range) with `args`: what it returns, or nil past the
  /// nesting cap. `owner` is the reader of the helper's file (this one, or another file's).
  /// From code that reports (the app's code), the helper is followed there: the queries it
  /// builds from these arguments are reported at the call. Elsewhere its value is memoized per
  /// arguments. Past the group's bound, a helper that builds queries is listed as unresolved
  /// here once; any other is just not followed.
  func inlineCall(
    _ function: ChainFunction, _ args: [ChainArgument], call: Range<Int>, name: String, owner: ChainEvaluator? = nil
  ) -> SourceValue? {
    let owner = owner ?? self
    guard inlineDepth < 8, owner.inlineDepth < 8 else { return nil }
    let key = ChainProgram.FunctionKey(file: owner.index, body: function.body.lowerBound)
    let bound = bind(function, args)
    // Followed from here (reporting code), and from the helpers it calls in turn; in the
    // reporting pass only helpers the first pass saw build or return a query.
    let follows =
      reporting && !function.parameters.isEmpty && (!program.reportingPass || program.followed.contains(key))
    let starts = follows && program.callSite == nil
    let memoKey = ChainProgram.CallKey(function: key, arguments: bound, moduleReady: owner.moduleReady)
    // The same call again: its value, unless the helper's queries are to be reported here too.
    if let known = program.memo[memoKey], !follows || !program.followed.contains(key) { return known }
    guard program.inlineBudget >= function.body.count else {
      if follows, program.buildsQueries.contains(key) {
        unresolved(
          "Flint's bound on following helper calls (\(program.inlineBudgetPerToken) times the source's size) was "
            + "reached; the queries \(name)() builds from this call are not checked", tokens: call)
      }
      return .unknown("value")
    }
    program.inlineBudget -= function.body.count
    let before = program.findings.extraction.queries.count + program.findings.extraction.unresolved.count
    if starts {
      program.callSite = ChainProgram.CallSite(
        place: place(tokens[call.lowerBound].start), text: text(call), helper: name,
        dead: program.liveness.isDead(file: index, position: call.lowerBound))
    }
    defer { if starts { program.callSite = nil } }
    let nests = follows && !starts && program.callSite != nil
    if nests { program.callSite?.nested.append(place(tokens[call.lowerBound].start)) }
    defer { if nests { program.callSite?.nested.removeLast() } }
    let value = owner.inline(function, bound, reportingInside: follows)
    program.memo[memoKey] = value
    if follows, !program.reportingPass,
      program.findings.extraction.queries.count + program.findings.extraction.unresolved.count > before
        || value.isQueryPart
    {
      program.followed.insert(key)
    }
    return value
  }

  /// The values of a function's parameters from call arguments (named ones by label).
  func bind(_ function: ChainFunction, _ args: [ChainArgument]) -> [SourceValue] {
    let positional = args.filter { $0.label == nil }
    // The members a destructured parameter takes from an object literal argument.
    var locals: [SourceValue] = []
    for (parameter, fields) in function.destructured {
      let members = parameter < positional.count ? objectMembers[positional[parameter].range.lowerBound] ?? [] : []
      for field in fields {
        locals.append(members.last { $0.0 == field.key }?.1 ?? .unknown(field.local))
      }
    }
    return function.parameters.enumerated().map { index, parameter -> SourceValue in
      if let named = args.first(where: { $0.label == parameter }) { return named.value }
      if function.restParameter, index == function.parameters.count - 1 {
        return .array(positional.dropFirst(index).map(\.value))
      }
      if index < positional.count { return positional[index].value }
      return function.nullWhenMissing.contains(parameter) ? .literal("null") : .unknown(parameter)
    } + locals
  }

  /// A helper of this file run with its parameters bound: what it returns. Queries it builds
  /// are reported only when `reportingInside` (followed from a call site).
  func inline(_ function: ChainFunction, _ values: [SourceValue], reportingInside: Bool) -> SourceValue {
    var inner = (moduleReady ? moduleEnv : program.globalEnv).scope()
    for (parameter, value) in zip(function.parameters + function.destructuredLocals, values) {
      inner[parameter] = value
    }
    let saved = reporting
    let savedReturns = reportingReturns
    reporting = reportingInside
    reportingReturns = false
    inlineDepth += 1
    defer {
      reporting = saved
      reportingReturns = savedReturns
      inlineDepth -= 1
    }
    return runBody(function, env: &inner)
  }

  /// Reads an inline function (a method of an object literal, a lambda) for the queries its
  /// body runs, its parameters unknown; what it returns is not reported on its own. Leaves
  /// `pos` after the function. A body read once where it is written is not read again.
  @discardableResult
  func readInline(_ function: ChainFunction, env: Env) -> SourceValue? {
    defer { pos = function.body.upperBound + (function.isBlock ? 1 : 0) }
    let key = ChainProgram.FunctionKey(file: index, body: function.body.lowerBound)
    guard !declarationsOnly else { return nil }
    if inlineDepth == 0, program.callSite == nil {
      guard program.readBodies.insert(key).inserted || program.work < workBound else { return nil }
    } else {
      // Inside a helper being followed: bounded like the helper calls.
      guard program.inlineBudget >= function.body.count else { return nil }
      program.inlineBudget -= function.body.count
    }
    let saved = reportingReturns
    let savedReporting = reporting
    reportingReturns = false
    // A helper followed from its call sites (`const useFeed = (name) => ...`) reports there.
    if program.reportingPass, program.followed.contains(key) { reporting = false }
    defer {
      reportingReturns = saved
      reporting = savedReporting
    }
    var inner = env.scope()
    for parameter in function.parameters + function.destructuredLocals { inner[parameter] = .unknown(parameter) }
    return runBody(function, env: &inner)
  }
}
