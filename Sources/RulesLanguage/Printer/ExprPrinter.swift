/// Binding strength of printed expressions, loosest first (rules-language §3.1).
///
/// The printer wraps an operand in parentheses only when its own level is looser than the
/// level its position requires, which gives the minimal parenthesisation that parses back
/// to the same tree.
enum PrintLevel: Int, Comparable {
  case ternary
  case or
  case and
  case equality
  case typeTest
  case membership
  case relational
  case additive
  case multiplicative
  case unary
  case postfix
  case primary

  static func < (lhs: PrintLevel, rhs: PrintLevel) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The next tighter level (used for the right operand of left-associative operators).
  var tighter: PrintLevel { PrintLevel(rawValue: rawValue + 1) ?? .primary }

  /// The level of a binary operator.
  init(_ op: BinaryOperator) {
    switch op {
    case .or: self = .or
    case .and: self = .and
    case .equal, .notEqual: self = .equality
    case .in: self = .membership
    case .less, .lessEqual, .greater, .greaterEqual: self = .relational
    case .add, .subtract: self = .additive
    case .multiply, .divide, .remainder: self = .multiplicative
    }
  }
}

/// Prints expressions as canonical rules text.
struct ExprPrinter {
  /// The level at which an expression prints without parentheses.
  static func level(of expr: Expr) -> PrintLevel {
    switch expr.kind {
    case .ternary: .ternary
    case .binary(let op, _, _): PrintLevel(op)
    case .typeTest: .typeTest
    case .unary: .unary
    // A negative literal reads as unary minus; a path literal cannot take `.x`/`[i]` directly
    // because `.` is a segment character (§1.6), so both print at unary level.
    case .int(let value): value < 0 ? .unary : .primary
    case .float(let value): value.sign == .minus ? .unary : .primary
    case .path: .unary
    case .member, .methodCall, .index, .slice: .postfix
    case .null, .bool, .string, .bytes, .list, .map, .identifier, .call, .invalid: .primary
    }
  }

  /// Appends `expr` to `out`, parenthesised if it binds looser than `minimum`.
  static func write(_ expr: Expr, minimum: PrintLevel = .ternary, to out: inout String) {
    if level(of: expr) < minimum {
      out += "("
      writeBare(expr, to: &out)
      out += ")"
    } else {
      writeBare(expr, to: &out)
    }
  }

  private static func writeBare(_ expr: Expr, to out: inout String) {
    switch expr.kind {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .float(let value): out += LiteralText.float(value)
    case .string(let value): out += LiteralText.string(value)
    case .bytes(let value): out += LiteralText.bytes(value)
    case .list(let elements):
      out += "["
      writeList(elements, to: &out)
      out += "]"
    case .map(let entries):
      out += "{"
      for (index, entry) in entries.enumerated() {
        if index > 0 { out += ", " }
        out += LiteralText.string(entry.key)
        out += ": "
        write(entry.value, to: &out)
      }
      out += "}"
    case .path(let segments):
      for segment in segments {
        out += "/"
        switch segment {
        case .literal(let text): out += text
        case .interpolation(let inner):
          out += "$("
          write(inner, to: &out)
          out += ")"
        }
      }
      if segments.isEmpty { out += "/" }
    case .identifier(let name): out += name
    case .member(let base, let name):
      write(base, minimum: .postfix, to: &out)
      out += "." + name.name
    case .call(let name, let args):
      out += name.name + "("
      writeList(args, to: &out)
      out += ")"
    case .methodCall(let base, let name, let args):
      write(base, minimum: .postfix, to: &out)
      out += "." + name.name + "("
      writeList(args, to: &out)
      out += ")"
    case .index(let base, let index):
      write(base, minimum: .postfix, to: &out)
      out += "["
      write(index, to: &out)
      out += "]"
    case .slice(let base, let lower, let upper):
      write(base, minimum: .postfix, to: &out)
      out += "["
      if let lower { write(lower, to: &out) }
      out += ":"
      if let upper { write(upper, to: &out) }
      out += "]"
    case .unary(let op, let operand):
      out += op.rawValue
      writeUnaryOperand(op, operand, to: &out)
    case .binary(let op, let lhs, let rhs):
      let opLevel = PrintLevel(op)
      write(lhs, minimum: opLevel, to: &out)
      out += " " + op.rawValue + " "
      write(rhs, minimum: opLevel.tighter, to: &out)
    case .typeTest(let value, let type):
      write(value, minimum: .typeTest, to: &out)  // `a is int is bool` chains to the left
      out += " is " + type.name
    case .ternary(let condition, let then, let otherwise):
      write(condition, minimum: .or, to: &out)
      out += " ? "
      write(then, to: &out)
      out += " : "
      write(otherwise, to: &out)
    case .invalid:
      out += "<invalid>"
    }
  }

  /// The operand of `!`/`-`. A minus directly before a number literal would fold into a
  /// negative literal when read back, and `- -x` must not become a `--` token pair that
  /// a reader could take for one, so those cases get parentheses.
  private static func writeUnaryOperand(_ op: UnaryOperator, _ operand: Expr, to out: inout String) {
    var needsParens = level(of: operand) < .unary
    if op == .negate {
      switch operand.kind {
      case .int, .float, .unary(.negate, _): needsParens = true
      default: break
      }
    }
    if needsParens {
      out += "("
      write(operand, to: &out)
      out += ")"
    } else {
      write(operand, minimum: .unary, to: &out)
    }
  }

  private static func writeList(_ elements: [Expr], to out: inout String) {
    for (index, element) in elements.enumerated() {
      if index > 0 { out += ", " }
      write(element, to: &out)
    }
  }
}
