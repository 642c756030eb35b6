import CPCRE2

/// A compiled PCRE2 pattern (already translated from RE2), matched with bounded work.
///
/// `@unchecked Sendable` is safe: the `pcre2_code` (and its JIT code) is never mutated
/// after compilation, and PCRE2 documents compiled patterns as shareable between threads.
/// Match data and match contexts, which are mutable, are created per call.
final class CompiledPattern: @unchecked Sendable {
  /// Backtracking steps per match; a few milliseconds of work at most.
  static let matchLimit: UInt32 = 1_000_000
  /// Nested backtracking depth per match (interpreter only; JIT ignores it).
  static let depthLimit: UInt32 = 10_000
  /// Heap for backtracking frames, in KiB.
  static let heapLimit: UInt32 = 8192
  /// DFA workspace in ints: small, so that a state explosion fails fast instead of running long.
  static let dfaWorkspace = 2048

  /// Whether the pattern must match the whole subject (`matches`) or is searched for (`replace`, `split`).
  let anchored: Bool
  private let code: OpaquePointer

  /// Compiles a PCRE2 pattern in UTF mode with RE2's conventions: ASCII `\d \w \s \b`,
  /// `$` only at the very end, `\n` as the only newline.
  init(pcre2Pattern pattern: String, anchored: Bool) throws(RegexSyntaxError) {
    var options = PCRE2_UTF | PCRE2_NEVER_UCP | PCRE2_DOLLAR_ENDONLY | PCRE2_NO_UTF_CHECK
    if anchored { options |= PCRE2_ANCHORED | PCRE2_ENDANCHORED }
    let context = pcre2_compile_context_create_8(nil)
    defer { pcre2_compile_context_free_8(context) }
    pcre2_set_newline_8(context, UInt32(PCRE2_NEWLINE_LF))
    var status: Int32 = 0
    var offset = 0
    var text = pattern
    let compiled = text.withUTF8 { utf8 in
      pcre2_compile_8(utf8.baseAddress, utf8.count, options, &status, &offset, context)
    }
    guard let compiled else {
      throw RegexSyntaxError(Self.message(for: status), offset: offset)
    }
    _ = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE)  // when JIT fails, PCRE2 interprets
    self.code = compiled
    self.anchored = anchored
  }

  deinit { pcre2_code_free_8(code) }

  /// Outcome of one match attempt.
  enum Outcome: Equatable {
    /// The byte range of the whole match.
    case match(Range<Int>)
    case noMatch
    /// The work bound was hit: the answer is unknown and must become an error, never `false`.
    case limitExceeded
  }

  /// Whether the whole subject matches. When backtracking hits its limit, retries with the
  /// DFA matcher (which never backtracks) on a small workspace.
  func matchesWhole(_ subject: String) -> Outcome {
    precondition(anchored)
    var subject = subject
    return subject.withUTF8 { utf8 in
      let first = match(utf8, from: 0)
      guard first == .limitExceeded else { return first }
      return dfaMatchWhole(utf8)
    }
  }

  /// The first match at or after byte `start` of `utf8` (which must be a code point boundary).
  func firstMatch(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Outcome {
    match(utf8, from: start)
  }

  private func match(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Outcome {
    withBoundedMatch(heapLimit: true) { matchData, context in
      let rc = pcre2_match_8(code, utf8.baseAddress, utf8.count, start, PCRE2_NO_UTF_CHECK, matchData, context)
      if rc >= 0 {
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        return .match(ovector[0]..<ovector[1])
      }
      return rc == PCRE2_ERROR_NOMATCH ? .noMatch : .limitExceeded  // limits, or any engine failure
    }
  }

  /// Runs `body` with match data for one match and a match context holding the bounds on work
  /// (match and depth limits, and the heap limit when `heapLimit`), freeing both afterwards.
  private func withBoundedMatch(
    heapLimit: Bool, _ body: (_ matchData: OpaquePointer?, _ context: OpaquePointer?) -> Outcome
  ) -> Outcome {
    let matchData = pcre2_match_data_create_8(1, nil)
    defer { pcre2_match_data_free_8(matchData) }
    let context = pcre2_match_context_create_8(nil)
    defer { pcre2_match_context_free_8(context) }
    pcre2_set_match_limit_8(context, Self.matchLimit)
    pcre2_set_depth_limit_8(context, Self.depthLimit)
    if heapLimit { pcre2_set_heap_limit_8(context, Self.heapLimit) }
    return body(matchData, context)
  }

  /// PCRE2's DFA does not check `ENDANCHORED` against the longest match, so check the end
  /// ourselves: all DFA matches start at the anchor and pair 0 is the longest.
  private func dfaMatchWhole(_ utf8: UnsafeBufferPointer<UInt8>) -> Outcome {
    withBoundedMatch(heapLimit: false) { matchData, context in
      var workspace = [Int32](repeating: 0, count: Self.dfaWorkspace)
      let rc = workspace.withUnsafeMutableBufferPointer { ws in
        pcre2_dfa_match_8(
          code, utf8.baseAddress, utf8.count, 0, PCRE2_NO_UTF_CHECK, matchData, context, ws.baseAddress, ws.count)
      }
      if rc >= 0 {
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        return ovector[1] == utf8.count ? .match(0..<utf8.count) : .noMatch
      }
      return rc == PCRE2_ERROR_NOMATCH ? .noMatch : .limitExceeded
    }
  }

  /// PCRE2's text for a compile error code.
  static func message(for status: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = pcre2_get_error_message_8(status, &buffer, buffer.count)
    return length < 0 ? "PCRE2 error \(status)" : String(decoding: buffer[..<Int(length)], as: UTF8.self)
  }
}
