import RulesLanguage

/// Reads one input line into a `ReplCommand`. Errors carry the 1-based column (in Unicode
/// scalars, as diagnostics count) of the word they are about.
package enum ReplCommandParser {
  /// The meta commands, for help and completion.
  package static let metaCommands = [
    ":as", ":time", ":var", ":data", ":load", ":explain", ":indexes", ":analyze", ":save", ":commit", ":batch",
    ":abort", ":more",
    ":history", ":help", ":quit",
  ]

  package static func parse(_ line: String) throws(ReplParseError) -> ReplCommand {
    let words = Words(line)
    guard let first = words.next(after: 0) else { return .nothing }
    if first.text.hasPrefix("#") { return .nothing }
    if first.text.hasPrefix(":") { return try meta(first, words) }
    if let kind = ReplWrite.Kind(rawValue: first.text) { return try request(kind, first, words) }
    if let verb = ObjectVerb(rawValue: first.text) { return try objectRequest(verb, first, words) }
    if let problem = unknownRequest(first, words, line: line) { throw problem }
    return .query(line.trimmingSpaces)
  }

  /// A bare word that is no request kind, followed by a path (`gte /rooms/x`) or close to a
  /// kind (`gte`): a mistyped request, not a query (queries start with a call such as
  /// `collection(`), so it is named as an unknown command rather than parsed as a query.
  /// A word before a call (`let q = db.collection(...)`, `await getDocs(...)`) starts pasted
  /// code, not a request.
  private static func unknownRequest(_ first: Word, _ words: Words, line: String) -> ReplParseError? {
    guard first.text.allSatisfy({ $0.isLetter }) else { return nil }
    let kinds = ReplWrite.Kind.allCases.map(\.rawValue)
    // Kinds are short: a swap (`gte`) is two edits, more than `Suggestions.closest` allows.
    let lowered = first.text.lowercased()
    let nearest = kinds.map { ($0, Suggestions.editDistance(lowered, $0)) }.min { $0.1 < $1.1 }
    let closest = nearest.flatMap { $0.1 <= 2 && $0.1 < lowered.count ? $0.0 : nil }
    let pathFollows = words.next(after: first.end)?.text.hasPrefix("/") == true
    guard closest != nil || pathFollows else { return nil }
    if !pathFollows, line.contains("(") { return nil }
    let hint = closest.map { ", did you mean '\($0)'?" } ?? ""
    let shown = ReplShown.word(first.text)
    return ReplParseError(
      "unknown command '\(shown)'\(hint) (requests: \(kinds.joined(separator: " ")); queries start with collection(...))",
      column: first.start + 1)
  }

  private static func request(_ kind: ReplWrite.Kind, _ word: Word, _ words: Words) throws(ReplParseError)
    -> ReplCommand
  {
    guard let path = words.next(after: word.end) else {
      throw ReplParseError("\(kind.rawValue) needs a document path, such as /users/alice", column: word.end + 1)
    }
    let rest = words.rest(after: path.end)
    if kind.takesData {
      guard let rest else {
        throw ReplParseError(
          "\(kind.rawValue) needs the document as a JSON object after the path", column: path.end + 1)
      }
      return .request(kind, path: path.text, pathColumn: path.start + 1, json: rest.text, jsonColumn: rest.start + 1)
    }
    if let rest {
      throw ReplParseError("unexpected '\(ReplShown.word(rest.text))' after the path", column: rest.start + 1)
    }
    return .request(kind, path: path.text, pathColumn: path.start + 1, json: nil, jsonColumn: 0)
  }

  /// `upload PATH [{metadata}]`, `download PATH`, `list FOLDER`.
  private static func objectRequest(_ verb: ObjectVerb, _ word: Word, _ words: Words) throws(ReplParseError)
    -> ReplCommand
  {
    guard let path = words.next(after: word.end) else {
      let what =
        verb == .list
        ? "a folder, such as /users/alice/ (/ for the bucket's root)"
        : "an object name, such as /users/alice/avatar.png"
      throw ReplParseError("\(verb.rawValue) needs \(what)", column: word.end + 1)
    }
    let rest = words.rest(after: path.end)
    if let rest, verb != .upload {
      throw ReplParseError("unexpected '\(ReplShown.word(rest.text))' after the path", column: rest.start + 1)
    }
    return .objectRequest(
      verb, path: path.text, pathColumn: path.start + 1, json: rest?.text, jsonColumn: (rest?.start ?? 0) + 1)
  }

  private static func meta(_ word: Word, _ words: Words) throws(ReplParseError) -> ReplCommand {
    let argument = words.next(after: word.end)
    func noMore(after end: Int) throws(ReplParseError) {
      if let extra = words.next(after: end) {
        throw ReplParseError("unexpected '\(ReplShown.word(extra.text))' after \(word.text)", column: extra.start + 1)
      }
    }
    func required(_ what: String) throws(ReplParseError) -> Word {
      guard let argument else { throw ReplParseError("\(word.text) needs \(what)", column: word.end + 1) }
      return argument
    }
    func onOff() throws(ReplParseError) -> Bool {
      let value = try required("on or off")
      try noMore(after: value.end)
      switch value.text {
      case "on": return true
      case "off": return false
      default: throw ReplParseError("expected on or off, got '\(ReplShown.word(value.text))'", column: value.start + 1)
      }
    }
    switch word.text {
    case ":as":
      let who = try required("a user id, anonymous or nobody")
      let claims = words.rest(after: who.end)
      switch who.text {
      case "nobody", "anonymous":
        if let claims { throw ReplParseError("\(who.text) takes no claims", column: claims.start + 1) }
        return .asUser(who.text == "nobody" ? .nobody : .anonymous, claimsJSON: nil, claimsColumn: 0)
      default:
        if who.text.hasPrefix("{") {
          throw ReplParseError(":as needs a user id before the claims", column: who.start + 1)
        }
        return .asUser(.user(who.text), claimsJSON: claims?.text, claimsColumn: (claims?.start ?? 0) + 1)
      }
    case ":time":
      let value = try required("an RFC 3339 time (2024-01-01T00:00:00Z) or now")
      try noMore(after: value.end)
      return .time(value.text, column: value.start + 1)
    case ":var":
      guard let binding = words.rest(after: word.end) else { return .variable(nil, column: 0) }
      return .variable(binding.text, column: binding.start + 1)
    case ":data":
      if let argument { try noMore(after: argument.end) }
      return .showData(argument?.text)
    case ":load":
      let kindWord = try required("rules, data or indexes and a file")
      guard let kind = ReplFileKind(rawValue: kindWord.text) else {
        let got = ReplShown.word(kindWord.text)
        throw ReplParseError("expected rules, data or indexes, got '\(got)'", column: kindWord.start + 1)
      }
      guard let file = words.rest(after: kindWord.end) else {
        throw ReplParseError(":load \(kind.rawValue) needs a file", column: kindWord.end + 1)
      }
      return .load(kind, file.text)
    case ":explain": return .explain(try onOff())
    case ":analyze":
      guard let query = words.rest(after: word.end) else {
        throw ReplParseError(":analyze needs a query, such as collection(\"posts\")", column: word.end + 1)
      }
      return .analyze(query.text)
    case ":commit":
      if argument == nil { return .batchCommit }
      return .applyWrites(try onOff())
    case ":save":
      let what = try required("indexes and a file")
      guard what.text == "indexes" else {
        let got = ReplShown.word(what.text)
        throw ReplParseError("only ':save indexes FILE' is supported, got '\(got)'", column: what.start + 1)
      }
      guard let file = words.rest(after: what.end) else {
        throw ReplParseError(":save indexes needs a file", column: what.end + 1)
      }
      return .saveIndexes(file.text)
    case ":help":
      if let argument { try noMore(after: argument.end) }
      return .help(argument?.text)
    default:
      let simple: [String: ReplCommand] = [
        ":batch": .batchBegin, ":abort": .batchAbort, ":indexes": .indexes, ":more": .more, ":history": .history,
        ":quit": .quit, ":q": .quit, ":exit": .quit,
      ]
      guard let command = simple[word.text] else {
        let known = metaCommands.joined(separator: " ")
        let shown = ReplShown.word(word.text)
        throw ReplParseError("unknown command '\(shown)' (commands: \(known))", column: word.start + 1)
      }
      try noMore(after: word.end)
      return command
    }
  }
}

/// A word of the line with its offsets in Unicode scalars (`start` 0-based, `end` exclusive).
struct Word {
  var text: String
  var start: Int
  var end: Int
}

/// Space-separated words of a line, by Unicode scalar offset: the unit of the columns that
/// diagnostics and `DiagnosticRenderer.excerptLines` use.
struct Words {
  let characters: [Unicode.Scalar]

  init(_ line: String) { characters = Array(line.unicodeScalars) }

  /// The next word starting at or after `offset`.
  func next(after offset: Int) -> Word? {
    var start = offset
    while start < characters.count, characters[start].properties.isWhitespace { start += 1 }
    guard start < characters.count else { return nil }
    var end = start
    while end < characters.count, !characters[end].properties.isWhitespace { end += 1 }
    return Word(text: Self.text(characters[start..<end]), start: start, end: end)
  }

  /// Everything after `offset`, trimmed; nil when only spaces are left.
  func rest(after offset: Int) -> Word? {
    guard let first = next(after: offset) else { return nil }
    var end = characters.count
    while end > first.start, characters[end - 1].properties.isWhitespace { end -= 1 }
    return Word(text: Self.text(characters[first.start..<end]), start: first.start, end: end)
  }

  private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }
}

extension String {
  /// The text without trailing spaces.
  var trimmingTrailingSpaces: String {
    String(reversed().drop { $0 == " " }.reversed())
  }

  /// The text without leading and trailing whitespace.
  var trimmingSpaces: String {
    let characters = Array(self)
    guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
      let last = characters.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(characters[first...last])
  }
}
