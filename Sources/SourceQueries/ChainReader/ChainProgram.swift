/// What the chain reader knows of a whole language group (every TypeScript/JavaScript file; the
/// Kotlin and Java files of an Android app; every Dart file) while it reads one of its files:
/// the names declared at the top level of every file, the functions other files may call, the
/// memo of helper calls and the bounds on the work.
final class ChainProgram {
  /// A function of one file of the group: the reader of the file and where its body starts.
  struct FunctionKey: Hashable {
    var file: Int
    var body: Int
  }

  /// A helper call already evaluated: the function and the values its parameters were bound to
  /// (`moduleReady`: the file's top-level code had run, so the helper saw its variables).
  struct CallKey: Hashable {
    var function: FunctionKey
    var arguments: [SourceValue]
    var moduleReady: Bool
  }

  /// The call in the app's code a helper is followed from: queries the helper builds are
  /// reported there, once per query of the helper.
  struct CallSite {
    var place: SourcePlace
    var text: String
    var helper: String
    /// The call is in code nothing reaches (`ChainLiveness`): the queries reported there are dead.
    var dead: Bool
    /// The helper calls followed from the call site, outermost first: the first one is in the
    /// body of the helper called at `place` (a query a nested helper builds names them, `via`).
    var nested: [SourcePlace] = []
  }

  /// Names declared at the top level of any file: constants, the members of enums, objects and
  /// classes as `Name.member`, the database, collection references. First declaration wins.
  var globals: [String: SourceValue] = [:]
  /// The classes of the program and their methods that depend on their callers.
  var classes = ChainClasses()
  /// The code of the program nothing reaches (found once, before the passes that report).
  var liveness = ChainLiveness()
  /// `globals` as the scope every file's top level is nested in (made once per pass).
  var globalEnv = ChainEnv()
  /// Names re-exported under another name (`export { Fields as PostFields }`): the new name and the old.
  var aliases: [String: String] = [:]
  /// The default export of each ES module, by module path (`src/firebase`; `src/db` for `src/db/index`).
  var defaults: [String: SourceValue] = [:]
  /// Each file's top-level variables once its top-level code ran (a helper of another file
  /// called from here runs with them).
  var moduleEnvs: [Int: ChainEnv] = [:]
  /// Functions a call may name from another file: declared once in the whole group.
  var functions: [String: (file: Int, function: ChainFunction)] = [:]
  /// Extension functions declared on a query type (Kotlin `fun Query.snapshotFlow()`,
  /// `fun CollectionReference.active()`), by name: a call of one on a query is followed with the
  /// query as `this`. First declaration wins.
  var queryExtensions: [String: (file: Int, function: ChainFunction)] = [:]
  /// The receiver types whose extensions are `queryExtensions`.
  static let queryTypes: Set<String> = ["Query", "CollectionReference"]
  /// Functions declared in a class body, an `object` or a companion, as `Scope.name`
  /// (`Routes.posts` of `object Routes { fun posts(id: String) = ... }`). First declaration wins.
  var memberFunctions: [String: (file: Int, function: ChainFunction)] = [:]
  /// The readers of the group's files in the current pass, by file index.
  var readers: [ChainEvaluator] = []
  /// Whether the file imports a Firestore SDK: a receiver it does not know (`db` passed in) of
  /// `collection(...)` is then taken as the database.
  var importsFirestore: [Bool] = []

  /// Statements and expressions read in every pass (the work the bounds limit; tests count it).
  var work = 0
  /// Tokens helper calls may still run inlined in this pass: proportional to the group's size.
  var inlineBudget = 0
  let inlineBudgetPerToken = 4
  let tokenCount: Int
  var memo: [CallKey: SourceValue] = [:]
  /// Function bodies already read in this pass where they are written (a function nested in
  /// another is read with it, and not once more on its own).
  var readBodies: Set<FunctionKey> = []
  var callSite: CallSite?
  /// Helpers followed from a call site in the first pass that built or returned a query: in the
  /// second, they are followed from each call site (their queries reported there), and their
  /// own bodies report nothing.
  var followed: Set<FunctionKey> = []
  /// Methods called on an instance of a program class (`ChainClasses`): their name and the
  /// calls where the first pass saw them so (file and token). One also named elsewhere (a call
  /// on a receiver Flint does not know as the class) is not followed from any call: its own
  /// body lists every variant, so no caller's query is lost.
  var instanceCalls: [FunctionKey: (name: String, calls: Set<FunctionKey>)] = [:]
  /// Helpers whose own body reports queries (first pass): a call of one the bound stops
  /// following is listed as unresolved; any other call is just not followed.
  var buildsQueries: Set<FunctionKey> = []
  /// Whether this is the pass whose findings are kept.
  var reportingPass = false
  var findings = SourceFindings()

  init(tokenCount: Int) {
    self.tokenCount = tokenCount
  }

  /// A new pass: the memo and the bounds start again.
  func startPass(reporting: Bool) {
    reportingPass = reporting
    globalEnv = ChainEnv(globals)
    findings = SourceFindings()
    memo = [:]
    readBodies = []
    inlineBudget = inlineBudgetPerToken * tokenCount + 20_000
    callSite = nil
  }

  /// Records a top-level name of a file, unless another file declared it first.
  func declare(_ name: String, _ value: SourceValue) {
    if globals[name] == nil { globals[name] = value }
  }
}
