import RulesLanguage

/// The kind of a query-DSL token. Kinds carry no payload: the parser decodes the
/// token's text from its range.
package enum QueryTokenKind: Hashable, Sendable {
  case identifier
  /// A backtick-quoted field-path segment: `` `a.b` ``.
  case quotedIdentifier
  case string
  case number
  case dot  // .
  case comma  // ,
  case colon  // :
  case semicolon  // ;
  case leftParen  // (
  case rightParen  // )
  case leftBracket  // [
  case rightBracket  // ]
  case leftBrace  // {
  case rightBrace  // }
  case minus  // -
  case equalEqual  // ==
  case bangEqual  // !=
  case less  // <
  case lessEqual  // <=
  case greater  // >
  case greaterEqual  // >=
  case singleEqual  // =
  case bang  // ! (TypeScript's and Kotlin's non-null assertion, Swift's force unwrap)
  case question  // ? (optional chaining `?.`, `??`, the conditional operator)
  /// Any other operator character (`+ * / % & | ^ ~ @`): only read inside an expression whose
  /// value Flint does not compute (an unknown value such as `Date.now() - 86400000`).
  case otherOperator
  /// Text the lexer could not read; a diagnostic was emitted for it.
  case unknown
  case end
}

/// A token: a kind plus the UTF-8 range it covers.
package struct QueryToken: Hashable, Sendable {
  package var kind: QueryTokenKind
  package var range: SourceRange

  package init(_ kind: QueryTokenKind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}
