/// The kind of a rules-language token. Kinds carry no payload: the parser reads a
/// literal's value back from the source bytes the token covers.
package enum TokenKind: UInt8, Hashable, Sendable, CustomStringConvertible {
  // Names and literals.
  case identifier
  case integer
  case float
  case string
  case bytes
  /// A malformed literal (`0x1F`, `1e3`, an unterminated string); the lexer already
  /// reported it.
  case invalidLiteral

  // Keywords. Method names (`read`, `get`, ...) and type names are contextual: they
  // lex as identifiers.
  case kwRulesVersion
  case kwService
  case kwMatch
  case kwAllow
  case kwIf
  case kwFunction
  case kwReturn
  case kwLet
  case kwTrue
  case kwFalse
  case kwNull
  case kwIn
  case kwIs

  // Punctuation and operators.
  case lBrace
  case rBrace
  case lParen
  case rParen
  case lBracket
  case rBracket
  case comma
  case semicolon
  case colon
  case dot
  case question
  case bang
  case plus
  case minus
  case star
  case slash
  case percent
  case equalEqual
  case bangEqual
  case less
  case lessEqual
  case greater
  case greaterEqual
  case ampAmp
  case pipePipe
  case equal
  /// `$(`, which opens an interpolation inside a path literal.
  case dollarLParen

  /// A run of characters that start no token; the lexer already reported it.
  case unknown
  case eof

  /// Whether the token is a keyword (reserved word).
  package var isKeyword: Bool {
    rawValue >= TokenKind.kwRulesVersion.rawValue && rawValue <= TokenKind.kwIs.rawValue
  }

  /// Whether the lexer already emitted a diagnostic for this token, so the parser
  /// must not report it again.
  package var isLexError: Bool { self == .unknown || self == .invalidLiteral }

  /// How the token is written (or a description for classes of tokens), for messages.
  package var description: String {
    switch self {
    case .identifier: "identifier"
    case .integer: "integer literal"
    case .float: "float literal"
    case .string: "string literal"
    case .bytes: "bytes literal"
    case .invalidLiteral: "literal"
    case .kwRulesVersion: "'rules_version'"
    case .kwService: "'service'"
    case .kwMatch: "'match'"
    case .kwAllow: "'allow'"
    case .kwIf: "'if'"
    case .kwFunction: "'function'"
    case .kwReturn: "'return'"
    case .kwLet: "'let'"
    case .kwTrue: "'true'"
    case .kwFalse: "'false'"
    case .kwNull: "'null'"
    case .kwIn: "'in'"
    case .kwIs: "'is'"
    case .lBrace: "'{'"
    case .rBrace: "'}'"
    case .lParen: "'('"
    case .rParen: "')'"
    case .lBracket: "'['"
    case .rBracket: "']'"
    case .comma: "','"
    case .semicolon: "';'"
    case .colon: "':'"
    case .dot: "'.'"
    case .question: "'?'"
    case .bang: "'!'"
    case .plus: "'+'"
    case .minus: "'-'"
    case .star: "'*'"
    case .slash: "'/'"
    case .percent: "'%'"
    case .equalEqual: "'=='"
    case .bangEqual: "'!='"
    case .less: "'<'"
    case .lessEqual: "'<='"
    case .greater: "'>'"
    case .greaterEqual: "'>='"
    case .ampAmp: "'&&'"
    case .pipePipe: "'||'"
    case .equal: "'='"
    case .dollarLParen: "'$('"
    case .unknown: "unexpected character"
    case .eof: "end of file"
    }
  }
}
