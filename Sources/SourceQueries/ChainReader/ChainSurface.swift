/// One SDK's calls (which call means collection, where, orderBy, limit, ...) and how their
/// arguments map to query steps. Each returns nil for a call that is not the SDK's; the reader
/// then treats it as other code (a helper of the file is inlined, a query argument is reported).
protocol ChainSurface: Sendable {
  /// A call of a bare name (`query(...)`, `where(...)`, `Filter(...)`).
  func call(_ name: String, _ args: [ChainArgument], reader: ChainEvaluator) -> SourceValue?
  /// `base.member(args)`; `baseName` is the last name of the base (`Filter`, `db`), `baseRange`
  /// its tokens.
  func method(
    _ member: String, on base: SourceValue, baseName: String?, baseRange: Range<Int>, _ args: [ChainArgument],
    reader: ChainEvaluator
  ) -> SourceValue?
  /// `base.member` without a call (`FieldPath.documentId`, `Query.Direction.DESCENDING`).
  func property(_ member: String, on base: SourceValue, baseName: String?) -> SourceValue?
}

/// One argument of a call: its value, its tokens, and its label when it is named.
struct ChainArgument {
  var value: SourceValue
  var range: Range<Int>
  var label: String?
}

/// A function of the file: its parameter names and the token range of its body.
struct ChainFunction {
  var parameters: [String]
  /// Token range of the body: a block's inside (`{ ... }`) or one expression.
  var body: Range<Int>
  var isBlock: Bool
  /// The last parameter takes the remaining arguments as an array (`...constraints`, Kotlin `vararg`).
  var restParameter = false
  /// The names a destructured parameter binds (`({ path, order: by }) => ...`), by parameter
  /// index: each the key of the argument's object member and the local name.
  var destructured: [(parameter: Int, fields: [(key: String, local: String)])] = []
  /// The type an extension function is declared on (Kotlin `fun Query.active()`: `Query`); its
  /// body names the receiver `this`, or calls the receiver's members bare.
  var receiver: String?
  /// Parameters a call that leaves them out passes as `null` (Dart's optional parameters
  /// without a default): the function's `if (name != null)` then takes one branch.
  var nullWhenMissing: Set<String> = []

  /// The names the function binds after its parameters, in order (the destructured locals).
  var destructuredLocals: [String] { destructured.flatMap { $0.fields.map(\.local) } }
}
