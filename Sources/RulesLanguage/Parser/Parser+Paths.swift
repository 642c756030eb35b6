/// Match paths and path literals are scanned byte by byte from the end of the `/` token:
/// their segments may contain `.` and `-` and start with digits, and no whitespace may
/// appear inside them, so the ordinary tokens do not fit. The lexer has not looked past
/// the `/` yet; after the path it is restarted at the first byte the path does not use.
extension Parser {
  // MARK: - Match paths

  /// `"/" MatchSegment { "/" MatchSegment }` after `match`. On an error, reports it once and
  /// skips to the `{` that opens the block (or to the next statement).
  mutating func parseMatchPath() -> MatchPath {
    let start: Int
    var position: Int
    if at(.slash) {
      start = current.start
      position = current.end
    } else if at(.identifier) || at(.lBrace) || at(.integer) {
      report(ParseDiagnostics.invalidMatchPath("a match path starts with '/'", at: .at(current.start)))
      start = current.start
      position = current.start
    } else {
      reportExpected(.parseInvalidMatchPath, "expected a path such as '/users/{userId}' after 'match'")
      return MatchPath(segments: [], range: .at(previousEnd))
    }

    var segments: [MatchSegment] = []
    while true {
      switch scanMatchSegment(at: position) {
      case .success(let segment):
        position = segment.range.end
        if segment.variable != nil, ByteClass.isPathSegment(byte(at: position)) {
          // `{id}.png`: text glued after a wildcard. Kept as one literal segment (F10).
          while ByteClass.isPathSegment(byte(at: position)) { position += 1 }
          let range = SourceRange(start: segment.range.start, end: position)
          segments.append(MatchSegment(.literal(text(range)), range: range))
          append(ParseDiagnostics.gluedWildcard(text(range), at: range))
        } else {
          segments.append(segment)
          if case .wildcard(let name) = segment.kind, segment.range.length != name.utf8.count + 2 {
            append(ParseDiagnostics.singleStarWildcard(name, at: segment.range))  // written `{name=*}`
          }
        }
      case .failure(let diagnostic):
        report(diagnostic)
        resumeAfterBadMatchPath(from: diagnostic.range.start)
        return MatchPath(segments: segments, range: SourceRange(start: start, end: diagnostic.range.start))
      }
      guard byte(at: position) == UInt8(ascii: "/") else { break }
      position += 1
    }
    let next = byte(at: position)
    if position < bytes.count && !ByteClass.isWhitespace(next) && next != UInt8(ascii: "{") {
      // `/a>b {` or `/a} {`: something glued to the path that no segment allows.
      report(ParseDiagnostics.invalidMatchPath("unexpected character in match path", at: .at(position)))
      resumeAfterBadMatchPath(from: position)
    } else if next == UInt8(ascii: "{"), case .success(let glued) = scanMatchSegment(at: position) {
      // `/a{b}`: a wildcard without its '/'. (`/a{` followed by anything else is the
      // block's brace.)
      report(ParseDiagnostics.invalidMatchPath("expected '/' before the wildcard", at: .at(position)))
      relex(at: glued.range.end)
      skip(until: TokenKinds(.lBrace).union(.statementStart), consumingSemicolon: false)
    } else {
      relex(at: position)
      if at(.slash) {
        report(ParseDiagnostics.invalidMatchPath("whitespace is not allowed inside a match path", at: .at(position)))
        skip(until: TokenKinds(.lBrace).union(.statementStart), consumingSemicolon: false)
      }
    }
    return MatchPath(segments: segments, range: SourceRange(start: start, end: position))
  }

  /// Resumes after the rest of a malformed path (up to a space or the block's `{`), so
  /// that a stray `}` inside it cannot close the enclosing block, then finds the `{`.
  private mutating func resumeAfterBadMatchPath(from offset: Int) {
    var resume = offset
    while resume < bytes.count && !ByteClass.isWhitespace(bytes[resume]) {
      if bytes[resume] == UInt8(ascii: "{") {
        // A well-formed wildcard is still part of the path; any other `{` opens the block.
        guard case .success(let wildcard) = scanMatchSegment(at: resume) else { break }
        resume = wildcard.range.end
      } else {
        resume += 1
      }
    }
    relex(at: resume)
    skip(until: TokenKinds(.lBrace).union(.statementStart), consumingSemicolon: false)
  }

  /// One segment at `position` (just after a `/`): `name`, `(default)`, `{x}`, `{x=*}` (read
  /// as `{x}`) or `{x=**}`.
  private func scanMatchSegment(at position: Int) -> Scan<MatchSegment, Diagnostic> {
    let first = byte(at: position)
    if first == UInt8(ascii: "{") {
      var cursor = position + 1
      let nameStart = cursor
      if ByteClass.isIdentifierStart(byte(at: cursor)) {
        while ByteClass.isIdentifierContinue(byte(at: cursor)) { cursor += 1 }
      }
      guard cursor > nameStart else {
        return .failure(ParseDiagnostics.invalidMatchPath("expected a wildcard name after '{'", at: .at(cursor)))
      }
      let name = text(SourceRange(start: nameStart, end: cursor))
      var recursive = false
      if byte(at: cursor) == UInt8(ascii: "=") {
        guard byte(at: cursor + 1) == UInt8(ascii: "*") else {
          return .failure(
            ParseDiagnostics.invalidMatchPath("expected '**' after '=' in a wildcard", at: .at(cursor + 1)))
        }
        // `{name=*}` deploys; Flint reads it as the single-segment `{name}` (the caller warns).
        recursive = byte(at: cursor + 2) == UInt8(ascii: "*")
        cursor += recursive ? 3 : 2
      }
      guard byte(at: cursor) == UInt8(ascii: "}") else {
        return .failure(ParseDiagnostics.invalidMatchPath("expected '}' to close the wildcard", at: .at(cursor)))
      }
      let range = SourceRange(start: position, end: cursor + 1)
      return .success(MatchSegment(recursive ? .recursiveWildcard(name) : .wildcard(name), range: range))
    }
    if first == UInt8(ascii: "$") && byte(at: position + 1) == UInt8(ascii: "(") {
      return .failure(
        ParseDiagnostics.invalidMatchPath(
          "'$(...)' is not allowed in a match path; use a wildcard such as '{name}'",
          at: SourceRange(start: position, end: position + 2)))
    }
    switch scanLiteralSegment(at: position) {
    case .success(let end):
      return .success(
        MatchSegment(
          .literal(text(SourceRange(start: position, end: end))),
          range: SourceRange(start: position, end: end)))
    case .failure(let error):
      let message =
        first == UInt8(ascii: "(")
        ? "expected ')' to close the segment, as in '(default)'" : "expected a path segment after '/'"
      return .failure(ParseDiagnostics.invalidMatchPath(message, at: .at(error.offset)))
    }
  }

  /// A literal segment at `position`: `[A-Za-z0-9_.~%@-]+` or `(` that `)`. Returns its end,
  /// or the offset of the first byte that does not fit.
  private func scanLiteralSegment(at position: Int) -> Scan<Int, SegmentError> {
    var cursor = position
    if byte(at: cursor) == UInt8(ascii: "(") {
      cursor += 1
      while ByteClass.isPathSegment(byte(at: cursor)) { cursor += 1 }
      guard cursor > position + 1, byte(at: cursor) == UInt8(ascii: ")") else { return .failure(SegmentError(cursor)) }
      return .success(cursor + 1)
    }
    while ByteClass.isPathSegment(byte(at: cursor)) { cursor += 1 }
    return cursor > position ? .success(cursor) : .failure(SegmentError(position))
  }

  // MARK: - Path literals

  /// `/databases/$(database)/documents/users/$(request.auth.uid)` in operand position.
  mutating func parsePathLiteral() -> Expr {
    let start = current.start
    var position = current.end
    var segments: [PathSegment] = []
    while true {
      if byte(at: position) == UInt8(ascii: "$") && byte(at: position + 1) == UInt8(ascii: "(") {
        relex(at: position)  // the `$(` token
        advance()
        let inner = parseExpression()
        segments.append(.interpolation(inner))
        guard at(.rParen) else {
          reportExpected(.parseExpectedToken, "expected ')' to close '$('")
          skipToClosing(.rParen)
          return Expr(.path(segments), range: SourceRange(start: start, end: previousEnd))
        }
        position = current.end  // leave the lexer before whatever follows `)`
      } else {
        switch scanLiteralSegment(at: position) {
        case .success(let end):
          segments.append(.literal(text(SourceRange(start: position, end: end))))
          position = end
        case .failure(let error):
          let message =
            byte(at: position) == UInt8(ascii: "(")
            ? "expected ')' to close the segment, as in '(default)'" : "expected a path segment after '/'"
          relex(at: error.offset)
          report(ParseDiagnostics.invalidPathLiteral(message, at: .at(error.offset)))
          return Expr(.path(segments), range: SourceRange(start: start, end: error.offset))
        }
      }
      guard byte(at: position) == UInt8(ascii: "/") else { break }
      position += 1
    }
    relex(at: position)
    return Expr(.path(segments), range: SourceRange(start: start, end: position))
  }
}

/// The outcome of scanning part of a path by hand.
enum Scan<Success, Failure> {
  case success(Success)
  case failure(Failure)
}

/// Where a literal path segment stopped fitting.
struct SegmentError {
  var offset: Int
  init(_ offset: Int) { self.offset = offset }
}
