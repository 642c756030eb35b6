/// Binding strength of infix operators, from the official table (spec §3.1): higher binds
/// tighter. `in` and `is` sit above `==`; the ternary is handled above this table and is
/// right-associative; unary and postfix operators bind tighter than every entry.
enum Precedence: Int, Comparable {
  case or = 1
  case and
  case equality
  case typeTest
  case membership
  case relational
  case additive
  case multiplicative

  static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The next tighter level (for the right operand of a left-associative operator).
  var tighter: Precedence? { Precedence(rawValue: rawValue + 1) }

  /// The precedence and operator of an infix token, or nil if the token is not one.
  /// `is` has no `BinaryOperator`: its right side is a type name.
  static func infix(_ kind: TokenKind) -> (Precedence, BinaryOperator?)? {
    switch kind {
    case .pipePipe: (.or, .or)
    case .ampAmp: (.and, .and)
    case .equalEqual: (.equality, .equal)
    case .bangEqual: (.equality, .notEqual)
    case .kwIs: (.typeTest, nil)
    case .kwIn: (.membership, .in)
    case .less: (.relational, .less)
    case .lessEqual: (.relational, .lessEqual)
    case .greater: (.relational, .greater)
    case .greaterEqual: (.relational, .greaterEqual)
    case .plus: (.additive, .add)
    case .minus: (.additive, .subtract)
    case .star: (.multiplicative, .multiply)
    case .slash: (.multiplicative, .divide)
    case .percent: (.multiplicative, .remainder)
    default: nil
    }
  }
}
