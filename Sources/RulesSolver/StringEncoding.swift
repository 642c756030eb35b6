import RulesLanguage

/// Strings: `size()`, `matches()` (a full-string match, through Z3's regular expressions when the
/// pattern translates), and the method dispatch of every receiver type.
extension ExpressionEncoder {
  /// `receiver.name(args)` on each alternative of the receiver.
  func method(_ expr: Expr, _ receiver: SymbolicValue, _ name: String, _ argExprs: [Expr], _ scope: EncodingScope)
    -> SymbolicValue
  {
    let args = argExprs.map { encode($0, scope) }
    let argsDefined = z3.and(args.map { $0.defined(in: z3) })
    var cases: [SymbolicCase] = []
    for c in receiver.cases {
      let result: SymbolicValue
      if let value = collectionMethod(expr, c.payload, name, args, scope) {
        result = value
      } else if case .string(let s) = c.payload, let value = stringMethod(expr, s, name, args, scope) {
        result = value
      } else {
        switch c.payload {
        case .null, .bool, .int, .float: continue  // no methods that the engine would accept here
        default: result = approximate(expr, "\(name)() of \(c.payload.typeName)", scope)
        }
      }
      cases += result.restricted(to: z3.and([c.guard, argsDefined]), in: z3).cases
    }
    return SymbolicValue(cases)
  }

  private func stringMethod(_ expr: Expr, _ s: Term, _ name: String, _ args: [SymbolicValue], _ scope: EncodingScope)
    -> SymbolicValue?
  {
    switch (name, args.count) {
    case ("size", 0):
      if Literal.string(s, z3) == nil { noteBound(expr.range, "size() of a string (bounded length)") }
      return SymbolicValue(always: .int(z3.length(s)), in: z3)
    case ("matches", 1):
      guard args[0].cases.count == 1, case .string(let term) = args[0].cases[0].payload,
        let pattern = Literal.string(term, z3), let regex = RegexTranslation.translate(pattern, z3)
      else { return approximate(expr, "matches() with a pattern the solver cannot read", scope) }
      // A counted repetition speaks of lengths, which the bounded unknown strings cannot all take.
      if pattern.contains("{") { noteBound(expr.range, "matches() with a counted repetition (bounded length)") }
      let holds = z3.inRegex(s, regex)
      return .boolean(isTrue: holds, isFalse: z3.not(holds), in: z3)
    default:
      return nil
    }
  }
}

/// An RE2 pattern as a Z3 regular expression, for the subset both read alike: literals, `.`,
/// classes `[a-z0-9_]` (and negated), `\d \w \s`, escapes, groups, `|`, `* + ?` and `{n,m}`.
/// Anything else (anchors, lazy quantifiers, flags, back references) is not translated.
struct RegexTranslation {
  let z3: Z3
  private var characters: [Character] = []
  private var position = 0

  private init(_ z3: Z3, _ pattern: String) {
    self.z3 = z3
    characters = Array(pattern)
  }

  /// The Z3 regular expression of `pattern`, nil when it is outside the subset.
  static func translate(_ pattern: String, _ z3: Z3) -> Term? {
    var translation = RegexTranslation(z3, pattern)
    guard let result = translation.alternation(), translation.position == translation.characters.count else {
      return nil
    }
    return result
  }

  private var current: Character? { position < characters.count ? characters[position] : nil }

  private mutating func alternation() -> Term? {
    var branches: [Term] = []
    guard let first = sequence() else { return nil }
    branches.append(first)
    while current == "|" {
      position += 1
      guard let next = sequence() else { return nil }
      branches.append(next)
    }
    return z3.regexUnion(branches)
  }

  private mutating func sequence() -> Term? {
    var parts: [Term] = []
    while let c = current, c != "|", c != ")" {
      guard var atom = atom() else { return nil }
      while let q = current, "*+?{".contains(q) {
        switch q {
        case "*": atom = z3.regexStar(atom)
        case "+": atom = z3.regexPlus(atom)
        case "?": atom = z3.regexOption(atom)
        default:
          guard let (low, high) = repetition() else { return nil }
          atom = z3.regexLoop(atom, low, high)
          continue
        }
        position += 1
        if current == "?" || current == "+" { return nil }  // lazy or possessive
      }
      parts.append(atom)
    }
    return z3.regexConcat(parts)
  }

  /// `{n}`, `{n,m}` (an open `{n,}` is not translated).
  private mutating func repetition() -> (UInt32, UInt32)? {
    guard let close = characters[position...].firstIndex(of: "}") else { return nil }
    let body = String(characters[(position + 1)..<close])
    let bounds = body.split(separator: ",", omittingEmptySubsequences: false).map { UInt32($0) }
    position = close + 1
    if current == "?" { return nil }
    switch bounds.count {
    case 1: if let n = bounds[0], n <= 100 { return (n, n) }
    case 2: if let n = bounds[0], let m = bounds[1], n <= m, m <= 100 { return (n, m) }
    default: break
    }
    return nil
  }

  private mutating func atom() -> Term? {
    guard let c = current else { return nil }
    position += 1
    switch c {
    case ".": return z3.regexUnion([z3.regexRange("\u{0}", "\u{9}"), z3.regexRange("\u{B}", "\u{2FFFF}")])
    case "(":
      if current == "?" {
        guard position + 1 < characters.count, characters[position + 1] == ":" else { return nil }
        position += 2
      }
      guard let inner = alternation(), current == ")" else { return nil }
      position += 1
      return inner
    case "[": return characterClass()
    case "\\": return escape(inClass: false).map { z3.regexUnion($0) }
    case "^", "$", "*", "+", "?", "{", ")", "|", "]": return nil
    default: return z3.regexLiteral(String(c))
    }
  }

  /// `\d`, `\w`, `\s` and escaped punctuation, as ranges.
  private mutating func escape(inClass: Bool) -> [Term]? {
    guard let c = current else { return nil }
    position += 1
    switch c {
    case "d": return [z3.regexRange("0", "9")]
    case "w": return [z3.regexRange("a", "z"), z3.regexRange("A", "Z"), z3.regexRange("0", "9"), z3.regexLiteral("_")]
    case "s": return [" ", "\t", "\n", "\r", "\u{C}", "\u{B}"].map { z3.regexLiteral($0) }
    case "n": return [z3.regexLiteral("\n")]
    case "t": return [z3.regexLiteral("\t")]
    default:
      guard c.isPunctuation || c.isSymbol || c == " " else { return nil }
      return [z3.regexLiteral(String(c))]
    }
  }

  /// `[...]` and `[^...]`.
  private mutating func characterClass() -> Term? {
    var negated = false
    if current == "^" {
      negated = true
      position += 1
    }
    var items: [Term] = []
    var first = true
    while let c = current, c != "]" || first {
      first = false
      position += 1
      if c == "\\" {
        guard let escaped = escape(inClass: true) else { return nil }
        items += escaped
        continue
      }
      if c == "[" { return nil }
      if current == "-", position + 1 < characters.count, characters[position + 1] != "]" {
        let high = characters[position + 1]
        guard c <= high, high != "\\", high != "[" else { return nil }
        items.append(z3.regexRange(c, high))
        position += 2
      } else {
        items.append(z3.regexLiteral(String(c)))
      }
    }
    guard current == "]", !items.isEmpty else { return nil }
    position += 1
    let union = z3.regexUnion(items)
    guard negated else { return union }
    // Any one character outside the class.
    return z3.regexOutside(union)
  }
}
