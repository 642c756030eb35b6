/// Translates an RE2 pattern into an equivalent PCRE2 pattern, rejecting everything RE2
/// does not accept (backreferences, lookaround, atomic groups, possessive quantifiers,
/// recursion, conditionals, callouts, verbs, `\C`, unknown escapes, counts over 1000).
///
/// The output is rebuilt token by token: every literal is re-emitted as an ASCII
/// alphanumeric or a `\x{…}` escape, so no PCRE2-only syntax can pass through. Where the
/// dialects disagree it rewrites: `\s` (RE2 excludes VT), `\v` (RE2: the VT character),
/// octal escapes, and a `{` that does not start a repetition (a literal in RE2).
struct RE2Translator {
  /// RE2's limit on a repetition count, and on nested counts multiplied together.
  static let maxRepeat = 1000

  /// What the last thing emitted was, to validate the next quantifier.
  enum Last {
    /// Nothing to repeat: the start, `|`, `(`, or a flag group `(?i)`.
    case nothing
    /// An empty-width assertion: `^ $ \A \z \b \B`.
    case assertion
    /// A repeatable item whose nested repetition product is `weight`.
    case item(weight: Int)
    /// A quantifier was just applied.
    case quantified
  }

  struct Group {
    var maxWeight = 1
  }

  let scalars: [Unicode.Scalar]
  var position = 0
  var output = ""
  var last = Last.nothing
  var groups: [Group] = [Group()]
  var captureNames: Set<String> = []

  private init(_ pattern: String) {
    scalars = Array(pattern.unicodeScalars)
  }

  /// The PCRE2 spelling of an RE2 pattern, or the first syntax error.
  static func translate(_ pattern: String) throws(RegexSyntaxError) -> String {
    var translator = RE2Translator(pattern)
    try translator.run()
    return translator.output
  }

  mutating func run() throws(RegexSyntaxError) {
    while let c = peek() {
      let start = position
      position += 1
      switch c {
      case "\\": try escape(start: start)
      case "[": try characterClass(start: start)
      case "(": try openGroup(start: start)
      case ")":
        guard groups.count > 1 else { throw error("unexpected )", at: start) }
        let group = groups.removeLast()
        output += ")"
        item(weight: group.maxWeight)
      case "|":
        output += "|"
        last = .nothing
      case "^", "$":
        output.unicodeScalars.append(c)
        last = .assertion
      case ".":
        output += "."
        item(weight: 1)
      case "*", "+", "?":
        try quantifier(String(c), weight: nil, start: start)
      case "{":
        if let (text, count) = repetition() {
          try quantifier(text, weight: count, start: start)
        } else {
          literal(c)
        }
      default:
        literal(c)
      }
    }
    if groups.count > 1 { throw error("missing closing )", at: scalars.count) }
  }

  // MARK: Quantifiers

  /// Applies `*`, `+`, `?` or `{…}` (already consumed) to the last item, then an optional
  /// lazy `?`. A second quantifier (`a**`, `a*+`, `a{2}{3}`) is RE2's "bad repetition operator".
  mutating func quantifier(_ text: String, weight: Int?, start: Int) throws(RegexSyntaxError) {
    let base: Int
    switch last {
    case .item(let w): base = w
    case .nothing: throw error("missing argument to repetition operator: \(text)", at: start)
    case .assertion, .quantified: throw error("bad repetition operator: \(text)", at: start)
    }
    let product = base * (weight ?? 1)
    guard product <= Self.maxRepeat else { throw error("bad repetition operator: \(text)", at: start) }
    output += text
    if peek() == "?" {
      position += 1
      output += "?"
    }
    if let next = peek(), next == "*" || next == "+" || next == "?" || (next == "{" && repetitionAhead()) {
      throw error("bad repetition operator: \(text)\(next)", at: position)
    }
    groups[groups.count - 1].maxWeight = max(groups[groups.count - 1].maxWeight, product)
    last = .quantified
  }

  /// After a consumed `{`: `{n}`, `{n,}` or `{n,m}` with its text and largest count, or nil
  /// (nothing consumed) when the brace is a literal. Counts over 1000 stay a repetition and
  /// fail the product check.
  mutating func repetition() -> (String, Int)? {
    var index = position
    func number() -> Int? {
      var value = 0
      var digits = 0
      while index < scalars.count, Self.isDigit(scalars[index]) {
        value = min(value * 10 + Int(scalars[index].value - 0x30), 100_000)
        digits += 1
        index += 1
      }
      return digits > 0 ? value : nil
    }
    guard let low = number() else { return nil }
    var high: Int? = low
    if index < scalars.count, scalars[index] == "," {
      index += 1
      high = number()
      if high == nil { high = -1 }  // `{n,}`
    }
    guard index < scalars.count, scalars[index] == "}" else { return nil }
    let text = "{" + String(String.UnicodeScalarView(scalars[position...index]))
    position = index + 1
    guard let upper = high, upper >= 0 else { return (text, max(low, 1)) }
    if upper < low { return (text, Self.maxRepeat + 1) }  // `{3,2}`: RE2 rejects it
    return (text, max(upper, 1))
  }

  /// Whether a repetition `{…}` starts at the current `{`.
  func repetitionAhead() -> Bool {
    var copy = self
    copy.position += 1
    return copy.repetition() != nil
  }

  // MARK: Groups

  mutating func openGroup(start: Int) throws(RegexSyntaxError) {
    if peek() == "*" { throw error("invalid or unsupported Perl syntax: (*", at: start) }
    guard peek() == "?" else {
      pushGroup("(")
      return
    }
    position += 1
    switch peek() {
    case "P":
      position += 1
      guard peek() == "<" else { throw error("invalid or unsupported Perl syntax: (?P", at: start) }
      position += 1
      try namedGroup(start: start)
    case "<":
      position += 1
      if peek() == "=" || peek() == "!" { throw error("invalid or unsupported Perl syntax: (?<\(peek()!)", at: start) }
      try namedGroup(start: start)
    case ":":
      position += 1
      pushGroup("(?:")
    default:
      try flags(start: start)
    }
  }

  mutating func pushGroup(_ text: String) {
    output += text
    groups.append(Group())
    last = .nothing
  }

  /// `(?P<name>` / `(?<name>` after the `<`: names are `[A-Za-z_][A-Za-z0-9_]*`, unique.
  mutating func namedGroup(start: Int) throws(RegexSyntaxError) {
    var name = ""
    while let c = peek(), c != ">" {
      name.unicodeScalars.append(c)
      position += 1
    }
    guard peek() == ">" else { throw error("invalid named capture group", at: start) }
    position += 1
    let valid =
      name.unicodeScalars.first.map { $0 == "_" || Self.isLetter($0) } ?? false
      && name.unicodeScalars.allSatisfy { $0 == "_" || Self.isLetter($0) || Self.isDigit($0) }
    guard valid else { throw error("invalid named capture group: \(name)", at: start) }
    guard captureNames.insert(name).inserted else { throw error("duplicate capture group name: \(name)", at: start) }
    pushGroup("(?<\(name)>")
  }

  /// `(?flags)` or `(?flags:` with flags from `imsU`, optionally negated after one `-`.
  mutating func flags(start: Int) throws(RegexSyntaxError) {
    var text = ""
    var negated = false
    var sawFlag = false
    while let c = peek() {
      position += 1
      switch c {
      case "i", "m", "s", "U":
        text.unicodeScalars.append(c)
        sawFlag = true
      case "-" where !negated:
        negated = true
        sawFlag = false
        text += "-"
      case ")", ":":
        guard sawFlag else { throw error("invalid or unsupported Perl syntax: (?\(text)\(c)", at: start) }
        if c == ")" {
          output += "(?\(text))"
          last = .nothing
        } else {
          pushGroup("(?\(text):")
        }
        return
      default:
        throw error("invalid or unsupported Perl syntax: (?\(text)\(c)", at: start)
      }
    }
    throw error("missing closing )", at: scalars.count)
  }

  // MARK: Escapes

  /// An escape outside a character class (the backslash consumed).
  mutating func escape(start: Int) throws(RegexSyntaxError) {
    guard let c = peek() else { throw error("trailing \\", at: start) }
    switch c {
    case "A", "z", "b", "B":
      position += 1
      output += "\\" + String(c)
      last = .assertion
    case "d", "D", "w", "W":
      position += 1
      output += "\\" + String(c)
      item(weight: 1)
    case "s":
      position += 1
      output += "[\\x{09}\\x{0A}\\x{0C}\\x{0D}\\x{20}]"
      item(weight: 1)
    case "S":
      position += 1
      output += "[\\S\\x{0B}]"
      item(weight: 1)
    case "p", "P":
      output += try unicodeClass(start: start)
      item(weight: 1)
    case "Q":
      position += 1
      while let q = peek() {
        if q == "\\", position + 1 < scalars.count, scalars[position + 1] == "E" {
          position += 2
          return
        }
        position += 1
        literal(q)
      }
    default:
      literal(try escapedCharacter(start: start))
    }
  }

  /// A single-character escape (the backslash consumed): `\a \f \t \n \r \v`, octal,
  /// `\xHH`, `\x{…}`, or an escaped ASCII punctuation character.
  mutating func escapedCharacter(start: Int) throws(RegexSyntaxError) -> Unicode.Scalar {
    guard let c = peek() else { throw error("trailing \\", at: start) }
    position += 1
    switch c {
    case "a": return "\u{07}"
    case "f": return "\u{0C}"
    case "t": return "\t"
    case "n": return "\n"
    case "r": return "\r"
    case "v": return "\u{0B}"
    case "0"..."7":
      // `\1`–`\7` alone would be a backreference; `\0` and 2–3 digit forms are octal.
      var value = Int(c.value - 0x30)
      var digits = 1
      while digits < 3, let d = peek(), ("0"..."7").contains(d) {
        value = value * 8 + Int(d.value - 0x30)
        digits += 1
        position += 1
      }
      if c != "0" && digits == 1 { throw error("invalid escape sequence: \\\(c)", at: start) }
      return Unicode.Scalar(UInt32(value))!
    case "x":
      return try hexEscape(start: start)
    default:
      if c.isASCII && !Self.isLetter(c) && !Self.isDigit(c) {
        return c  // escaped punctuation (or space, `_`) is itself
      }
      throw error("invalid escape sequence: \\\(c)", at: start)
    }
  }

  /// `\xHH` (exactly two digits) or `\x{H…}` up to U+10FFFF; the `\x` consumed.
  mutating func hexEscape(start: Int) throws(RegexSyntaxError) -> Unicode.Scalar {
    var digits = ""
    let braced = peek() == "{"
    if braced {
      position += 1
      while let d = peek(), d != "}" {
        digits.unicodeScalars.append(d)
        position += 1
      }
      guard peek() == "}" else { throw error("invalid escape sequence: \\x{\(digits)", at: start) }
      position += 1
    } else {
      for _ in 0..<2 {
        guard let d = peek() else { break }
        digits.unicodeScalars.append(d)
        position += 1
      }
    }
    guard braced ? !digits.isEmpty && digits.count <= 8 : digits.count == 2, let value = UInt32(digits, radix: 16),
      digits.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit), value <= 0x10FFFF,
      let scalar = Unicode.Scalar(value)
    else {
      throw error("invalid escape sequence: \\x\(digits)", at: start)
    }
    return scalar
  }

  // MARK: Emission helpers

  mutating func literal(_ c: Unicode.Scalar) {
    output += Self.literalText(c)
    item(weight: 1)
  }

  /// ASCII letters and digits as themselves, everything else as `\x{…}`.
  static func literalText(_ c: Unicode.Scalar) -> String {
    if isLetter(c) || isDigit(c) { return String(c) }
    return "\\x{" + String(c.value, radix: 16, uppercase: true) + "}"
  }

  mutating func item(weight: Int) {
    last = .item(weight: weight)
    groups[groups.count - 1].maxWeight = max(groups[groups.count - 1].maxWeight, weight)
  }

  static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

  static func isLetter(_ c: Unicode.Scalar) -> Bool {
    (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A)
  }

  func peek() -> Unicode.Scalar? {
    position < scalars.count ? scalars[position] : nil
  }

  /// An error located at scalar index `index`, reported as a UTF-8 byte offset.
  func error(_ message: String, at index: Int) -> RegexSyntaxError {
    let offset = scalars[..<min(index, scalars.count)].reduce(0) { $0 + UTF8.width($1) }
    return RegexSyntaxError(message, offset: offset)
  }
}
