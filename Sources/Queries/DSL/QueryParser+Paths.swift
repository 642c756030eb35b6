import RulesLanguage

/// Collection and document path arguments: strings, segments held in variables, and
/// interpolated strings (`` `users/${uid}/posts` ``, Swift's `"users/\(uid)/posts"`, Dart's
/// `'users/$uid/posts'`), whose computed segments become values.
extension QueryParserCore {
  /// `("a/b")`, `(db, "a", id, "b")`, `(doc(db, "a", id), "b")`, `(parentRef, "b")`: the path's
  /// parts, arguments joined with `/`. A first argument followed by more is the parent: a
  /// `doc(...)` call adds its path, anything else (the database) adds nothing.
  mutating func parsePathArguments() throws(QueryParseFailure) -> [QueryPathPart] {
    try expect(.leftParen, "'('")
    var parts: [QueryPathPart] = []
    if current.kind != .string, current.kind != .quotedIdentifier, current.kind != .rightParen,
      argumentIsFollowedByComma()
    {
      if isIdentifier("doc"), peek().kind == .leftParen {
        advance()
        parts = try parsePathArguments() + [.text("/")]
      } else if namesDatabase() {
        try skipArgument()
      } else {
        parts = [.parent(try parseValue())]
      }
      try expect(.comma, "','")
    }
    guard current.kind != .rightParen else {
      throw fail(.queryExpected, "expected a path string, found \(describe(current))", at: current.range)
    }
    parts += try parsePathSegment()
    while consume(.comma) != nil {
      if current.kind == .rightParen { break }  // a trailing comma
      parts.append(.text("/"))
      parts += try parsePathSegment()
    }
    try expect(.rightParen, "')'")
    return parts
  }

  /// Whether the argument at the cursor is the database (`db`, `this.db`, `getFirestore()`,
  /// `admin.firestore()`): its last name says so. Anything else is a parent document reference.
  func namesDatabase() -> Bool {
    var look = index
    var last: QueryToken?
    var depth = 0
    while look < tokens.count {
      let token = tokens[look]
      switch token.kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      case .identifier where depth == 0: last = token
      default: break
      }
      if depth < 0 || (depth == 0 && token.kind == .comma) { break }
      look += 1
    }
    guard let last else { return false }
    let name = text(last).lowercased()
    return name.contains("db") || name.contains("firestore") || name.contains("database")
  }

  /// One path argument: a string (interpolations read as values) or a value expression.
  mutating func parsePathSegment() throws(QueryParseFailure) -> [QueryPathPart] {
    let token = current
    switch token.kind {
    case .string, .quotedIdentifier:
      advance()
      let raw = source.bytes[token.range.start + 1..<max(token.range.start + 1, token.range.end - 1)]
      if let parts = interpolated(raw, at: token.range.start + 1, dollarNames: token.kind == .string) {
        return parts
      }
      let decoded = QueryLexer.decodeQuoted(source.bytes[token.range.start..<token.range.end])
      guard let value = decoded.value else {
        throw fail(.queryBadEscape, decoded.error ?? "malformed string", at: token.range)
      }
      return [.text(value)]
    default:
      return [.value(try parseValue())]
    }
  }

  /// The parts of an interpolated string's inner bytes (`offset`: where they start in the
  /// source), or nil when it has no interpolation. `${expr}` and `\(expr)` always interpolate;
  /// `$name` (Dart) only when `dollarNames`.
  func interpolated(_ raw: ArraySlice<UInt8>, at offset: Int, dollarNames: Bool) -> [QueryPathPart]? {
    // Every interpolation starts with `$` or `\`; most strings have neither, and are not copied.
    guard raw.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "\\") }) else { return nil }
    let bytes = Array(raw)
    var parts: [QueryPathPart] = []
    var literal: [UInt8] = []
    var i = 0
    var found = false
    func flush() {
      if !literal.isEmpty { parts.append(.text(String(decoding: literal, as: UTF8.self))) }
      literal = []
    }
    while i < bytes.count {
      let b = bytes[i]
      let next = i + 1 < bytes.count ? bytes[i + 1] : 0
      var close: UInt8?
      if b == UInt8(ascii: "$"), next == UInt8(ascii: "{") {
        close = UInt8(ascii: "}")
      } else if b == UInt8(ascii: "\\"), next == UInt8(ascii: "(") {
        close = UInt8(ascii: ")")
      }
      if let close {
        let open = bytes[i + 1]
        var depth = 1
        var j = i + 2
        while j < bytes.count {
          if bytes[j] == open { depth += 1 }
          if bytes[j] == close {
            depth -= 1
            if depth == 0 { break }
          }
          j += 1
        }
        guard j < bytes.count else { return nil }
        flush()
        let range = SourceRange(start: offset + i + 2, end: offset + j)
        parts.append(.value(Self.embeddedValue(String(decoding: bytes[i + 2..<j], as: UTF8.self), range: range)))
        found = true
        i = j + 1
        continue
      }
      if dollarNames, b == UInt8(ascii: "$"), QueryLexer.isIdentifierStart(next), next != UInt8(ascii: "$") {
        var j = i + 1
        while j < bytes.count, QueryLexer.isIdentifierContinue(bytes[j]), bytes[j] != UInt8(ascii: "$") { j += 1 }
        flush()
        let range = SourceRange(start: offset + i + 1, end: offset + j)
        parts.append(.value(Self.embeddedValue(String(decoding: bytes[i + 1..<j], as: UTF8.self), range: range)))
        found = true
        i = j
        continue
      }
      if b == UInt8(ascii: "\\"), i + 1 < bytes.count {
        literal.append(next)
        i += 2
        continue
      }
      literal.append(b)
      i += 1
    }
    guard found else { return nil }
    flush()
    return parts
  }

  /// The value of an interpolated expression's text: a variable for a dotted name (marks such
  /// as `!` and `?` dropped), else an expression known only by its text.
  static func embeddedValue(_ text: String, range: SourceRange) -> ValueExpr {
    let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    let names = trimmed.split(separator: ".", omittingEmptySubsequences: false).map {
      String($0.filter { $0 != "!" && $0 != "?" })
    }
    let isDotted = names.allSatisfy { name in
      guard let first = name.utf8.first, QueryLexer.isIdentifierStart(first) else { return false }
      return name.utf8.allSatisfy(QueryLexer.isIdentifierContinue)
    }
    return ValueExpr(isDotted ? variableKind(names) : .expression(trimmed), range: range)
  }
}
