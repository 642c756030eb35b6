/// Character classes `[...]` and Unicode classes `\p{...}` for `RE2Translator`.
extension RE2Translator {
  /// The POSIX classes RE2 accepts inside brackets, e.g. `[[:alpha:]]`.
  static let posixClasses: Set<String> = [
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper",
    "word", "xdigit",
  ]

  /// The Unicode general categories RE2 accepts in `\p{…}` (PCRE2 also knows `Cn`, `LC`, `L&`).
  static let generalCategories: Set<String> = [
    "C", "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No",
    "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm", "So", "Z", "Zl", "Zp", "Zs",
  ]

  /// A bracketed class, the `[` consumed. Ranges must be ordered; a class escape (`\d`)
  /// cannot end a range; `\b` and unknown escapes are errors.
  mutating func characterClass(start: Int) throws(RegexSyntaxError) {
    output += "["
    if peek() == "^" {
      position += 1
      output += "^"
    }
    var first = true
    while let c = peek() {
      if c == "]" && !first {
        position += 1
        output += "]"
        item(weight: 1)
        return
      }
      first = false
      let itemStart = position
      guard let low = try classAtom() else { continue }  // a class such as \d was emitted
      // A range `low-high` unless the `-` is the class's last character.
      if peek() == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
        position += 1
        let highStart = position
        guard let high = try classAtom() else {
          throw error("invalid character class range", at: highStart)
        }
        guard low.value <= high.value else {
          throw error("invalid character class range: \(low)-\(high)", at: itemStart)
        }
        output += Self.literalText(low) + "-" + Self.literalText(high)
      } else {
        output += Self.literalText(low)
      }
    }
    throw error("missing closing ]", at: start)
  }

  /// One class member: returns a single character (not yet emitted), or nil after emitting
  /// a multi-character class (`\d`, `[:alpha:]`, `\pL`).
  private mutating func classAtom() throws(RegexSyntaxError) -> Unicode.Scalar? {
    let start = position
    let c = scalars[position]
    position += 1
    if c == "[", peek() == ":", let posix = try posixClass(start: start) {
      output += posix
      return nil
    }
    guard c == "\\" else { return c }
    guard let e = peek() else { throw error("missing closing ]", at: start) }
    switch e {
    case "d", "D", "w", "W":
      position += 1
      output += "\\" + String(e)
      return nil
    case "s":
      position += 1
      output += "\\x{09}\\x{0A}\\x{0C}\\x{0D}\\x{20}"
      return nil
    case "S":
      position += 1
      output += "\\S\\x{0B}"  // RE2's \S includes VT, PCRE2's does not
      return nil
    case "p", "P":
      output += try unicodeClass(start: start)
      return nil
    default:
      return try escapedCharacter(start: start)
    }
  }

  /// `[:name:]` or `[:^name:]` after `[` with `:` next; nil (nothing consumed) when no `:]`
  /// follows, so the `[` is a literal. An unknown name is an error.
  private mutating func posixClass(start: Int) throws(RegexSyntaxError) -> String? {
    var index = position + 1
    var name = ""
    while index + 1 < scalars.count, !(scalars[index] == ":" && scalars[index + 1] == "]") {
      if scalars[index] == "]" { return nil }
      name.unicodeScalars.append(scalars[index])
      index += 1
    }
    guard index + 1 < scalars.count else { return nil }
    let bare = name.hasPrefix("^") ? String(name.dropFirst()) : name
    guard Self.posixClasses.contains(bare) else {
      throw error("invalid character class range: [:\(name):]", at: start)
    }
    position = index + 2
    return "[:\(name):]"
  }

  /// `\pX`, `\p{Name}`, `\p{^Name}`, `\PX`, `\P{Name}` with the backslash consumed and
  /// `p`/`P` next. Scripts are matched by their basic script (`sc:`), as RE2 does; PCRE2
  /// alone would use script extensions.
  mutating func unicodeClass(start: Int) throws(RegexSyntaxError) -> String {
    var negated = scalars[position] == "P"
    position += 1
    var name = ""
    if peek() == "{" {
      position += 1
      while let c = peek(), c != "}" {
        name.unicodeScalars.append(c)
        position += 1
      }
      guard peek() == "}" else { throw error("invalid character class range: \\p{\(name)", at: start) }
      position += 1
      if name.hasPrefix("^") {
        negated.toggle()
        name.removeFirst()
      }
    } else if let c = peek() {
      position += 1
      name = String(c)
    }
    let escape = negated ? "\\P" : "\\p"
    if name == "Any" || Self.generalCategories.contains(name) {
      return "\(escape){\(name)}"
    }
    let looksLikeScript =
      name.unicodeScalars.first.map { $0.value >= 0x41 && $0.value <= 0x5A } ?? false
      && name.unicodeScalars.allSatisfy { Self.isLetter($0) || $0 == "_" }
    guard looksLikeScript, name.count > 1 else {
      throw error("invalid character class range: \\p{\(name)}", at: start)
    }
    return "\(escape){sc:\(name)}"  // PCRE2 rejects names that are not scripts
  }
}
