/// RE2 regular expressions for `string.matches`, `replace` and `split`, run on PCRE2.
///
/// Patterns are RE2 syntax (validated and translated by `RE2Translator`). Every match is
/// bounded; when the bound is hit the call throws an evaluation error, so a hostile pattern
/// denies instead of answering `false` (which `!x.matches(re)` would turn into an allow).
package enum RulesRegex {
  /// Whether `subject` matches `pattern` as a whole (`'abc'.matches('a.c')`).
  package static func matches(_ pattern: String, _ subject: String) throws(EvalError) -> Bool {
    let compiled = try compile(pattern, anchored: true)
    switch compiled.matchesWhole(subject) {
    case .match: return true
    case .noMatch: return false
    case .limitExceeded: throw limitError(pattern)
    }
  }

  /// Every match of `pattern` in `subject` replaced by `replacement`, taken literally.
  ///
  /// A replacement containing `$` or `\` is an error: whether the engine reads them as group
  /// references is unknown, so Flint refuses to guess.
  package static func replaceAll(_ pattern: String, in subject: String, with replacement: String) throws(EvalError)
    -> String
  {
    if replacement.contains("$") || replacement.contains("\\") {
      throw EvalError(
        "Unsupported operation error. string.replace() replacement text with '$' or '\\' is not supported.")
    }
    let compiled = try compile(pattern, anchored: false)
    let utf8Subject = Array(subject.utf8)
    var output: [UInt8] = []
    var copied = 0
    for range in try matches(of: compiled, pattern, in: utf8Subject) {
      output += utf8Subject[copied..<range.lowerBound]
      output += replacement.utf8
      copied = range.upperBound
      try ValueSize.check(byteCount: output.count)
    }
    output += utf8Subject[copied...]
    return String(decoding: output, as: UTF8.self)
  }

  /// `subject` split around the matches of `pattern`, as Java's `String.split` does: a
  /// zero-width match at the start yields no leading empty piece, trailing empty pieces are
  /// dropped, and a subject without matches is one piece.
  package static func split(_ subject: String, on pattern: String) throws(EvalError) -> [String] {
    let compiled = try compile(pattern, anchored: false)
    let utf8Subject = Array(subject.utf8)
    var pieces: [String] = []
    var pieceStart = 0
    var weight = 1
    for range in try matches(of: compiled, pattern, in: utf8Subject) {
      if range.isEmpty && range.lowerBound == 0 { continue }
      pieces.append(String(decoding: utf8Subject[pieceStart..<range.lowerBound], as: UTF8.self))
      weight += 1 + range.lowerBound - pieceStart
      try ValueSize.check(byteCount: weight)
      pieceStart = range.upperBound
    }
    if pieceStart == 0 && pieces.isEmpty { return [subject] }
    pieces.append(String(decoding: utf8Subject[pieceStart...], as: UTF8.self))
    while pieces.last?.isEmpty == true { pieces.removeLast() }
    return pieces
  }

  /// The syntax error of an RE2 pattern, or nil when it compiles (for load-time checks).
  package static func syntaxError(in pattern: String) -> RegexSyntaxError? {
    do {
      _ = try RegexCache.shared.pattern(pattern, anchored: true)
      return nil
    } catch {
      return error
    }
  }

  private static func compile(_ pattern: String, anchored: Bool) throws(EvalError) -> CompiledPattern {
    do {
      return try RegexCache.shared.pattern(pattern, anchored: anchored)
    } catch {
      throw EvalError("Invalid regular expression '\(pattern)': \(error.message) (at byte \(error.offset)).")
    }
  }

  private static func limitError(_ pattern: String) -> EvalError {
    EvalError("Regular expression '\(pattern)' exceeded its matching work limit.")
  }

  /// The successive matches, left to right, like Java's `Matcher.find`: after an empty
  /// match the search resumes one code point later.
  private static func matches(of compiled: CompiledPattern, _ pattern: String, in utf8: [UInt8]) throws(EvalError)
    -> [Range<Int>]
  {
    let found: [Range<Int>]? = utf8.withUnsafeBufferPointer { buffer in
      var ranges: [Range<Int>] = []
      var start = 0
      while start <= buffer.count {
        switch compiled.firstMatch(in: buffer, from: start) {
        case .noMatch: return ranges
        case .limitExceeded: return nil
        case .match(let range):
          ranges.append(range)
          if !range.isEmpty {
            start = range.upperBound
          } else if range.upperBound < buffer.count {
            start = range.upperBound + UTF8.width(startingWith: buffer[range.upperBound])
          } else {
            return ranges
          }
        }
      }
      return ranges
    }
    guard let found else { throw limitError(pattern) }
    return found
  }
}

extension UTF8 {
  /// The length of the UTF-8 sequence that begins with `lead`.
  fileprivate static func width(startingWith lead: UInt8) -> Int {
    switch lead {
    case ..<0xC0: 1
    case ..<0xE0: 2
    case ..<0xF0: 3
    default: 4
    }
  }
}
