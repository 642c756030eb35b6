/// What differs between the C-family languages the chain reader reads (TypeScript/JavaScript,
/// Kotlin, Java, Dart): tokens, declarations, functions and lambdas. The statements and
/// expressions they share are read by `ChainEvaluator`; the SDK's calls by a `ChainSurface`.
protocol ChainDialect: Sendable {
  func tokenize(_ text: String) -> [ChainToken]
  /// The named function bodies of the file, in order (the reader runs each with unknown parameters).
  func functions(_ reader: ChainEvaluator) -> [(name: String, function: ChainFunction)]
  /// A statement the language reads itself (imports, declarations, functions, classes) at the
  /// reader's position; nil leaves it to the shared statements.
  func statement(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> [SourceValue]?
  /// An expression start the language reads itself (object literals, lambdas, `if` as an
  /// expression); nil leaves it to the shared expressions.
  func primary(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> SourceValue?
  var syntax: ChainSyntax { get }
}

/// The small syntactic choices the shared reader makes per language.
struct ChainSyntax: Sendable {
  /// The token between a lambda's parameters and its body (`(a) => ...`, `a -> ...`), if any.
  var lambdaArrow: String?
  /// The token between a function's signature and an expression body (`=>`; Kotlin `=`).
  var expressionBody: String?
  /// What follows a named argument's label (Dart `isEqualTo: 1`, Kotlin `limit = 1`), if any.
  var argumentLabel: String?
  /// A line break ends a statement unless the next line goes on with `.`, `?.`, `?:`, `&&`, `||` (Kotlin).
  var newlineEndsStatements = false
  /// A parameter is named by its last word (`final String uid`) rather than its first (`uid: string`).
  var parameterNameLast = false
  /// Words that prefix an expression without changing it (`await`, `new`, `const`).
  var prefixKeywords: Set<String>
  /// `a..b()` is a cascade (Dart): the value is `a`.
  var cascades = false
  /// `(a) { ... }` is a function value (Dart).
  var parenthesisBlockIsFunction = false
  /// Class bodies are scopes whose members the code names as `Type.name` or `this.name`
  /// (Kotlin, Java, Dart constants and fields).
  var classMembersInScope = false
  /// A function of the file called on a query is an extension (Kotlin `fun Query.mine()`, Dart
  /// `extension on Query`). One the group declares on `Query` or `CollectionReference` (Kotlin)
  /// is followed with the query as `this` (`ChainProgram.queryExtensions`); any other is not,
  /// so the query is unresolved rather than lost.
  var extensionFunctions = false
}
