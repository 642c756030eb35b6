import CZ3

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Z3 term (an AST of the context that made it).
package typealias Term = OpaquePointer

/// Why Z3 cannot be used: the library is not installed, or lacks a function Flint calls. What a
/// user should do about it is the front end's to say (FlintKit's `Z3Unavailable.advice`).
package struct Z3Unavailable: Error, Sendable, CustomStringConvertible {
  package var reason: String

  package var description: String { reason }
}

/// libz3, loaded at run time with `dlopen` (Debian ships it as a shared library only), and every
/// function Flint calls, bound with `dlsym`. The flint binary does not link libz3, so every other
/// command works where it is absent.
final class Z3Library: @unchecked Sendable {
  typealias MkConfig = @convention(c) () -> Z3_config?
  typealias DelConfig = @convention(c) (Z3_config?) -> Void
  typealias MkContext = @convention(c) (Z3_config?) -> Z3_context?
  typealias DelContext = @convention(c) (Z3_context?) -> Void
  typealias ErrorHandler = @convention(c) (Z3_context?, Z3_error_code) -> Void
  typealias SetErrorHandler = @convention(c) (Z3_context?, ErrorHandler?) -> Void
  typealias MkSort = @convention(c) (Z3_context?) -> Z3_sort?
  typealias MkSymbol = @convention(c) (Z3_context?, UnsafePointer<CChar>?) -> Z3_symbol?
  typealias MkConst = @convention(c) (Z3_context?, Z3_symbol?, Z3_sort?) -> Z3_ast?
  typealias Nullary = @convention(c) (Z3_context?) -> Z3_ast?
  typealias Unary = @convention(c) (Z3_context?, Z3_ast?) -> Z3_ast?
  typealias Binary = @convention(c) (Z3_context?, Z3_ast?, Z3_ast?) -> Z3_ast?
  typealias Ternary = @convention(c) (Z3_context?, Z3_ast?, Z3_ast?, Z3_ast?) -> Z3_ast?
  typealias Nary = @convention(c) (Z3_context?, UInt32, UnsafePointer<Z3_ast?>?) -> Z3_ast?
  typealias MkInt64 = @convention(c) (Z3_context?, Int64, Z3_sort?) -> Z3_ast?
  typealias MkNumeral = @convention(c) (Z3_context?, UnsafePointer<CChar>?, Z3_sort?) -> Z3_ast?
  typealias MkString = @convention(c) (Z3_context?, UnsafePointer<CChar>?) -> Z3_ast?
  typealias MkReLoop = @convention(c) (Z3_context?, Z3_ast?, UInt32, UInt32) -> Z3_ast?
  typealias MkSolver = @convention(c) (Z3_context?) -> Z3_solver?
  typealias SolverRef = @convention(c) (Z3_context?, Z3_solver?) -> Void
  typealias SolverAssert = @convention(c) (Z3_context?, Z3_solver?, Z3_ast?) -> Void
  typealias SolverPop = @convention(c) (Z3_context?, Z3_solver?, UInt32) -> Void
  typealias SolverCheck = @convention(c) (Z3_context?, Z3_solver?) -> Z3_lbool
  typealias SolverModel = @convention(c) (Z3_context?, Z3_solver?) -> Z3_model?
  typealias ModelRef = @convention(c) (Z3_context?, Z3_model?) -> Void
  typealias ModelEval = @convention(c) (Z3_context?, Z3_model?, Z3_ast?, Bool, UnsafeMutablePointer<Z3_ast?>?) -> Bool
  typealias MkParams = @convention(c) (Z3_context?) -> Z3_params?
  typealias ParamsRef = @convention(c) (Z3_context?, Z3_params?) -> Void
  typealias ParamsSetUInt = @convention(c) (Z3_context?, Z3_params?, Z3_symbol?, UInt32) -> Void
  typealias SolverSetParams = @convention(c) (Z3_context?, Z3_solver?, Z3_params?) -> Void
  typealias GetBoolValue = @convention(c) (Z3_context?, Z3_ast?) -> Z3_lbool
  typealias GetString = @convention(c) (Z3_context?, Z3_ast?) -> UnsafePointer<CChar>?
  typealias IsString = @convention(c) (Z3_context?, Z3_ast?) -> Bool

  let mkConfig: MkConfig
  let delConfig: DelConfig
  let mkContext: MkContext
  let delContext: DelContext
  let setErrorHandler: SetErrorHandler
  let boolSort, intSort, realSort, stringSort: MkSort
  let mkSymbol: MkSymbol
  let mkConst: MkConst
  let mkTrue, mkFalse: Nullary
  let mkNot, mkUnaryMinus, mkInt2Real, mkSeqLength, mkSeqToRe, mkReStar, mkRePlus, mkReOption, mkReComplement: Unary
  let mkEq, mkImplies, mkLt, mkLe, mkGt, mkGe, mkDiv, mkMod, mkSeqPrefix, mkSeqSuffix, mkSeqContains, mkStrLt,
    mkStrLe, mkSeqInRe, mkReRange: Binary
  let mkIte: Ternary
  let mkAnd, mkOr, mkAdd, mkSub, mkMul, mkDistinct, mkSeqConcat, mkReUnion, mkReConcat, mkReIntersect: Nary
  let mkInt64: MkInt64
  let mkNumeral: MkNumeral
  let mkString: MkString
  let mkReLoop: MkReLoop
  let mkSolver: MkSolver
  let solverIncRef, solverDecRef, solverPush: SolverRef
  let solverPop: SolverPop
  let solverAssert: SolverAssert
  let solverCheck: SolverCheck
  let solverModel: SolverModel
  let modelIncRef, modelDecRef: ModelRef
  let modelEval: ModelEval
  let mkParams: MkParams
  let paramsIncRef, paramsDecRef: ParamsRef
  let paramsSetUInt: ParamsSetUInt
  let solverSetParams: SolverSetParams
  let getBoolValue: GetBoolValue
  let getNumeralString, getString, astToString: GetString
  let isString: IsString

  /// The library, loaded once per process (or why it cannot be).
  static let shared: Result<Z3Library, Z3Unavailable> = load()

  /// `FLINT_LIBZ3=/path/to/libz3.so` loads that file instead (another Z3 build; the tests use a
  /// missing path to check the message).
  private static func load() -> Result<Z3Library, Z3Unavailable> {
    let handle: UnsafeMutableRawPointer?
    if let path = getenv("FLINT_LIBZ3").map({ String(cString: $0) }), !path.isEmpty {
      handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
      guard handle != nil else {
        return .failure(Z3Unavailable(reason: "the Z3 library '\(path)' (FLINT_LIBZ3) cannot be loaded"))
      }
    } else {
      handle = dlopen("libz3.so.4", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libz3.so", RTLD_NOW | RTLD_LOCAL)
    }
    guard let handle
    else { return .failure(Z3Unavailable(reason: "the Z3 library (libz3.so.4) is not installed")) }
    do {
      return .success(try Z3Library(handle))
    } catch {
      return .failure(error)
    }
  }

  private init(_ handle: UnsafeMutableRawPointer) throws(Z3Unavailable) {
    func bind<F>(_ name: String) throws(Z3Unavailable) -> F {
      guard let symbol = dlsym(handle, name) else {
        throw Z3Unavailable(reason: "the Z3 library found lacks \(name) (Flint needs Z3 4.8 or later)")
      }
      return unsafeBitCast(symbol, to: F.self)
    }
    mkConfig = try bind("Z3_mk_config")
    delConfig = try bind("Z3_del_config")
    mkContext = try bind("Z3_mk_context")
    delContext = try bind("Z3_del_context")
    setErrorHandler = try bind("Z3_set_error_handler")
    boolSort = try bind("Z3_mk_bool_sort")
    intSort = try bind("Z3_mk_int_sort")
    realSort = try bind("Z3_mk_real_sort")
    stringSort = try bind("Z3_mk_string_sort")
    mkSymbol = try bind("Z3_mk_string_symbol")
    mkConst = try bind("Z3_mk_const")
    mkTrue = try bind("Z3_mk_true")
    mkFalse = try bind("Z3_mk_false")
    mkNot = try bind("Z3_mk_not")
    mkUnaryMinus = try bind("Z3_mk_unary_minus")
    mkInt2Real = try bind("Z3_mk_int2real")
    mkSeqLength = try bind("Z3_mk_seq_length")
    mkSeqToRe = try bind("Z3_mk_seq_to_re")
    mkReStar = try bind("Z3_mk_re_star")
    mkRePlus = try bind("Z3_mk_re_plus")
    mkReOption = try bind("Z3_mk_re_option")
    mkReComplement = try bind("Z3_mk_re_complement")
    mkReIntersect = try bind("Z3_mk_re_intersect")
    mkEq = try bind("Z3_mk_eq")
    mkImplies = try bind("Z3_mk_implies")
    mkLt = try bind("Z3_mk_lt")
    mkLe = try bind("Z3_mk_le")
    mkGt = try bind("Z3_mk_gt")
    mkGe = try bind("Z3_mk_ge")
    mkDiv = try bind("Z3_mk_div")
    mkMod = try bind("Z3_mk_mod")
    mkSeqPrefix = try bind("Z3_mk_seq_prefix")
    mkSeqSuffix = try bind("Z3_mk_seq_suffix")
    mkSeqContains = try bind("Z3_mk_seq_contains")
    mkStrLt = try bind("Z3_mk_str_lt")
    mkStrLe = try bind("Z3_mk_str_le")
    mkSeqInRe = try bind("Z3_mk_seq_in_re")
    mkReRange = try bind("Z3_mk_re_range")
    mkIte = try bind("Z3_mk_ite")
    mkAnd = try bind("Z3_mk_and")
    mkOr = try bind("Z3_mk_or")
    mkAdd = try bind("Z3_mk_add")
    mkSub = try bind("Z3_mk_sub")
    mkMul = try bind("Z3_mk_mul")
    mkDistinct = try bind("Z3_mk_distinct")
    mkSeqConcat = try bind("Z3_mk_seq_concat")
    mkReUnion = try bind("Z3_mk_re_union")
    mkReConcat = try bind("Z3_mk_re_concat")
    mkInt64 = try bind("Z3_mk_int64")
    mkNumeral = try bind("Z3_mk_numeral")
    mkString = try bind("Z3_mk_string")
    mkReLoop = try bind("Z3_mk_re_loop")
    mkSolver = try bind("Z3_mk_solver")
    solverIncRef = try bind("Z3_solver_inc_ref")
    solverDecRef = try bind("Z3_solver_dec_ref")
    solverAssert = try bind("Z3_solver_assert")
    solverPush = try bind("Z3_solver_push")
    solverPop = try bind("Z3_solver_pop")
    solverCheck = try bind("Z3_solver_check")
    solverModel = try bind("Z3_solver_get_model")
    modelIncRef = try bind("Z3_model_inc_ref")
    modelDecRef = try bind("Z3_model_dec_ref")
    modelEval = try bind("Z3_model_eval")
    mkParams = try bind("Z3_mk_params")
    paramsIncRef = try bind("Z3_params_inc_ref")
    paramsDecRef = try bind("Z3_params_dec_ref")
    paramsSetUInt = try bind("Z3_params_set_uint")
    solverSetParams = try bind("Z3_solver_set_params")
    getBoolValue = try bind("Z3_get_bool_value")
    getNumeralString = try bind("Z3_get_numeral_string")
    getString = try bind("Z3_get_string")
    astToString = try bind("Z3_ast_to_string")
    isString = try bind("Z3_is_string")
  }
}

/// Z3's answer to a satisfiability check.
package enum SolverAnswer: Sendable {
  case satisfiable
  case unsatisfiable
  /// Z3 gave up (time limit or an undecidable string constraint).
  case unknown
}

/// One Z3 context with one solver: builds terms, checks them and reads models. Terms live as long
/// as the context. Not thread-safe: one per job.
package final class Z3 {
  let lib: Z3Library
  let context: Z3_context
  private var solver: Z3_solver?
  /// Whether a question's scope is pushed on `solver`.
  private var inQuestion = false
  /// Set when a check gave up: the solver is not used again.
  private var solverSpoiled = false
  /// The time limit set on `solver`, in milliseconds.
  private var limit: UInt32?
  private var model: Z3_model?
  private let timeoutMilliseconds: UInt32
  /// Z3's own count of work per check (`rlimit`), which does not depend on the machine's load.
  private let resourceLimit: UInt32
  private var nextFresh = 0
  /// Set when Z3 refused to build a term (a bug in the encoding): the answers are then incomplete.
  package private(set) var failed = false
  let boolSort: Z3_sort
  let intSort: Z3_sort
  let realSort: Z3_sort
  let stringSort: Z3_sort

  /// The work a check may do by default: the heaviest question of the diff goldens needs about
  /// 30,000, of `flint-bench diff` about 100,000 (a few milliseconds); 50 times that leaves room
  /// for real files while keeping answers reproducible.
  package static let defaultResourceLimit: UInt32 = 5_000_000

  /// A context whose checks give up after `resourceLimit` units of Z3's work or after
  /// `timeoutMilliseconds`, whichever comes first. The work limit binds first on any machine not
  /// several times slower than this project's, so an answer does not depend on how loaded the
  /// machine is; the time limit is the backstop.
  package init(timeoutMilliseconds: UInt32 = 5_000, resourceLimit: UInt32 = defaultResourceLimit)
    throws(Z3Unavailable)
  {
    let lib = try Z3Library.shared.get()
    self.lib = lib
    let config = lib.mkConfig()
    guard let context = lib.mkContext(config) else {
      lib.delConfig(config)
      throw Z3Unavailable(reason: "the Z3 library could not create a context")
    }
    lib.delConfig(config)
    // The default handler exits the process: errors are read back instead (a nil term).
    lib.setErrorHandler(context, { _, _ in })
    self.context = context
    self.timeoutMilliseconds = timeoutMilliseconds
    self.resourceLimit = resourceLimit
    boolSort = lib.boolSort(context)!
    intSort = lib.intSort(context)!
    realSort = lib.realSort(context)!
    stringSort = lib.stringSort(context)!
  }

  /// Starts a question with no assertions: a scope pushed on the context's one solver, the
  /// previous question's scope popped. Setting a solver up costs Z3 more than most questions (about
  /// 30 million instructions), so it is made once; but Z3 4.8's incremental solver can crash in a
  /// check after an earlier check ran out of time, so a check that gave up spoils the solver and
  /// the next question gets a new one.
  func startSolver() {
    dropModel()
    if let solver, !solverSpoiled {
      if inQuestion { lib.solverPop(context, solver, 1) }
    } else {
      if let solver { lib.solverDecRef(context, solver) }
      solver = lib.mkSolver(context)
      solverSpoiled = false
      limit = nil
      guard let solver else {
        failed = true
        inQuestion = false
        return
      }
      lib.solverIncRef(context, solver)
    }
    lib.solverPush(context, solver)
    inQuestion = true
    limitChecks(to: timeoutMilliseconds)
  }

  /// Bounds the next checks to `milliseconds` (never above the context's limit). Z3 validates
  /// every parameter it is given against its whole table, so an unchanged limit is not set again.
  func limitChecks(to milliseconds: UInt32) {
    guard let solver else { return }
    let milliseconds = min(milliseconds, timeoutMilliseconds)
    if limit == milliseconds { return }
    limit = milliseconds
    let params = lib.mkParams(context)
    lib.paramsIncRef(context, params)
    lib.paramsSetUInt(context, params, lib.mkSymbol(context, "timeout"), milliseconds)
    lib.paramsSetUInt(context, params, lib.mkSymbol(context, "rlimit"), resourceLimit)
    lib.solverSetParams(context, solver, params)
    lib.paramsDecRef(context, params)
  }

  private func dropModel() {
    if let model {
      lib.modelDecRef(context, model)
      self.model = nil
    }
  }

  deinit {
    dropModel()
    if let solver { lib.solverDecRef(context, solver) }
    lib.delContext(context)
  }

  /// A term Z3 built, or (on an error) a fresh boolean, with `failed` set.
  private func made(_ ast: Z3_ast?) -> Term {
    if let ast { return ast }
    failed = true
    nextFresh += 1
    return lib.mkConst(context, lib.mkSymbol(context, "flint!failed\(nextFresh)"), boolSort)!
  }

  // MARK: constants

  func constant(_ name: String, _ sort: Z3_sort) -> Term {
    made(lib.mkConst(context, lib.mkSymbol(context, name), sort))
  }

  /// A constant no other call returns: `prefix!n`.
  func fresh(_ prefix: String, _ sort: Z3_sort) -> Term {
    nextFresh += 1
    return constant("\(prefix)!\(nextFresh)", sort)
  }

  var `true`: Term { made(lib.mkTrue(context)) }
  var `false`: Term { made(lib.mkFalse(context)) }
  func bool(_ value: Bool) -> Term { value ? self.true : self.false }
  func int(_ value: Int64) -> Term { made(lib.mkInt64(context, value, intSort)) }
  /// A real from its decimal or fraction text (`0.5`, `1/3`).
  func real(_ text: String) -> Term { made(lib.mkNumeral(context, text, realSort)) }

  /// A string constant. Z3 reads escapes in string literals, so every character outside printable
  /// ASCII (and the backslash) is written as `\u{hex}`.
  func string(_ value: String) -> Term {
    var escaped = ""
    for scalar in value.unicodeScalars {
      if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\\" {
        escaped.unicodeScalars.append(scalar)
      } else {
        escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
      }
    }
    return made(lib.mkString(context, escaped))
  }

  // MARK: logic

  func not(_ a: Term) -> Term { made(lib.mkNot(context, a)) }
  func implies(_ a: Term, _ b: Term) -> Term { made(lib.mkImplies(context, a, b)) }
  func eq(_ a: Term, _ b: Term) -> Term { made(lib.mkEq(context, a, b)) }
  func ite(_ c: Term, _ a: Term, _ b: Term) -> Term { made(lib.mkIte(context, c, a, b)) }

  func and(_ terms: [Term]) -> Term {
    if terms.isEmpty { return self.true }
    if terms.count == 1 { return terms[0] }
    return nary(lib.mkAnd, terms)
  }

  func or(_ terms: [Term]) -> Term {
    if terms.isEmpty { return self.false }
    if terms.count == 1 { return terms[0] }
    return nary(lib.mkOr, terms)
  }

  func distinct(_ terms: [Term]) -> Term { terms.count < 2 ? self.true : nary(lib.mkDistinct, terms) }

  private func nary(_ function: Z3Library.Nary, _ terms: [Term]) -> Term {
    let arguments: [Z3_ast?] = terms
    return arguments.withUnsafeBufferPointer { made(function(context, UInt32($0.count), $0.baseAddress)) }
  }

  // MARK: arithmetic

  func lt(_ a: Term, _ b: Term) -> Term { made(lib.mkLt(context, a, b)) }
  func le(_ a: Term, _ b: Term) -> Term { made(lib.mkLe(context, a, b)) }
  func gt(_ a: Term, _ b: Term) -> Term { made(lib.mkGt(context, a, b)) }
  func ge(_ a: Term, _ b: Term) -> Term { made(lib.mkGe(context, a, b)) }
  func add(_ terms: [Term]) -> Term { terms.isEmpty ? int(0) : terms.count == 1 ? terms[0] : nary(lib.mkAdd, terms) }
  func sub(_ a: Term, _ b: Term) -> Term { nary(lib.mkSub, [a, b]) }
  func mul(_ a: Term, _ b: Term) -> Term { nary(lib.mkMul, [a, b]) }
  func div(_ a: Term, _ b: Term) -> Term { made(lib.mkDiv(context, a, b)) }
  func mod(_ a: Term, _ b: Term) -> Term { made(lib.mkMod(context, a, b)) }
  func negate(_ a: Term) -> Term { made(lib.mkUnaryMinus(context, a)) }
  func toReal(_ a: Term) -> Term { made(lib.mkInt2Real(context, a)) }

  // MARK: strings and regular expressions

  func length(_ s: Term) -> Term { made(lib.mkSeqLength(context, s)) }
  func concat(_ terms: [Term]) -> Term { terms.count == 1 ? terms[0] : nary(lib.mkSeqConcat, terms) }
  func hasPrefix(_ s: Term, _ prefix: Term) -> Term { made(lib.mkSeqPrefix(context, prefix, s)) }
  func hasSuffix(_ s: Term, _ suffix: Term) -> Term { made(lib.mkSeqSuffix(context, suffix, s)) }
  func contains(_ s: Term, _ part: Term) -> Term { made(lib.mkSeqContains(context, s, part)) }
  func stringLess(_ a: Term, _ b: Term) -> Term { made(lib.mkStrLt(context, a, b)) }
  func stringLessEqual(_ a: Term, _ b: Term) -> Term { made(lib.mkStrLe(context, a, b)) }
  func inRegex(_ s: Term, _ regex: Term) -> Term { made(lib.mkSeqInRe(context, s, regex)) }
  func regexLiteral(_ s: String) -> Term { made(lib.mkSeqToRe(context, string(s))) }
  func regexRange(_ low: Character, _ high: Character) -> Term {
    made(lib.mkReRange(context, string(String(low)), string(String(high))))
  }
  func regexStar(_ r: Term) -> Term { made(lib.mkReStar(context, r)) }
  func regexPlus(_ r: Term) -> Term { made(lib.mkRePlus(context, r)) }
  func regexOption(_ r: Term) -> Term { made(lib.mkReOption(context, r)) }
  func regexLoop(_ r: Term, _ low: UInt32, _ high: UInt32) -> Term { made(lib.mkReLoop(context, r, low, high)) }
  func regexUnion(_ terms: [Term]) -> Term { terms.count == 1 ? terms[0] : nary(lib.mkReUnion, terms) }
  func regexConcat(_ terms: [Term]) -> Term {
    terms.isEmpty ? regexLiteral("") : terms.count == 1 ? terms[0] : nary(lib.mkReConcat, terms)
  }
  /// Any one character not matched by `r` (a negated class).
  func regexOutside(_ r: Term) -> Term {
    nary(lib.mkReIntersect, [made(lib.mkReComplement(context, r)), regexAnyCharacter])
  }
  /// Any one character.
  var regexAnyCharacter: Term { regexRange("\u{0}", "\u{2FFFF}") }

  // MARK: solving

  /// Adds an assertion to the current question (`startSolver`).
  func assert(_ term: Term) {
    if solver == nil { startSolver() }
    lib.solverAssert(context, solver, term)
  }

  /// Checks the question's assertions; on `satisfiable` the model is kept for `value(of:)`.
  func check() -> SolverAnswer {
    dropModel()
    guard let solver else { return .unknown }
    switch lib.solverCheck(context, solver) {
    case Z3_L_TRUE:
      model = lib.solverModel(context, solver)
      if let model { lib.modelIncRef(context, model) }
      return .satisfiable
    case Z3_L_FALSE: return .unsatisfiable
    default:
      solverSpoiled = true
      return .unknown
    }
  }

  /// `term`'s value in the last model, as a constant term.
  func modelValue(_ term: Term) -> Term? { evaluate(term) }

  /// `term` evaluated in the last model (completed: unconstrained constants get a value).
  private func evaluate(_ term: Term) -> Term? {
    guard let model else { return nil }
    var result: Z3_ast?
    guard lib.modelEval(context, model, term, true, &result) else { return nil }
    return result
  }

  func boolValue(_ term: Term) -> Bool? {
    guard let value = evaluate(term) else { return nil }
    switch lib.getBoolValue(context, value) {
    case Z3_L_TRUE: return true
    case Z3_L_FALSE: return false
    default: return nil
    }
  }

  /// An integer or real value as Z3 prints it (`12`, `-3`, `1/2`).
  func numeralText(_ term: Term) -> String? {
    guard let value = evaluate(term), let text = lib.getNumeralString(context, value) else { return nil }
    return String(cString: text)
  }

  func intValue(_ term: Term) -> Int64? { numeralText(term).flatMap { Int64($0) } }

  func stringValue(_ term: Term) -> String? {
    guard let value = evaluate(term), lib.isString(context, value), let text = lib.getString(context, value) else {
      return nil
    }
    return Self.unescaped(String(cString: text))
  }

  /// A term as SMT-LIB text (the key that shares one unknown between two equal constructs).
  func text(_ term: Term) -> String {
    lib.astToString(context, term).map { String(cString: $0) } ?? ""
  }

  /// Z3's string literal text with its `\u{hex}` (and `\x`, `\\`) escapes decoded.
  static func unescaped(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var i = 0
    while i < scalars.count {
      if scalars[i] == "\\", i + 2 < scalars.count, scalars[i + 1] == "u", scalars[i + 2] == "{",
        let close = scalars[(i + 3)...].firstIndex(of: "}"),
        let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 3)..<close])), radix: 16),
        let scalar = Unicode.Scalar(value)
      {
        out.append(scalar)
        i = close + 1
      } else if scalars[i] == "\\", i + 5 < scalars.count, scalars[i + 1] == "u",
        let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 2)..<(i + 6)])), radix: 16),
        let scalar = Unicode.Scalar(value)
      {
        out.append(scalar)
        i += 6
      } else {
        out.append(scalars[i])
        i += 1
      }
    }
    return String(out)
  }
}
