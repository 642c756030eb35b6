import CLibEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal side of `flint repl`: libedit's readline (line editing), history kept in
/// a dot file (bounded), and tab completion answered by a Swift function.
///
/// libedit keeps one global editor per process, so this is a process-wide singleton; the
/// completion provider lives in a global only the main thread touches (readline calls it
/// synchronously from `readLine`), which is why the `nonisolated(unsafe)` state is safe.
enum LineEditor {
  /// Answers completion: (line before the word, the word) → candidates.
  typealias Provider = (String, String) -> [String]

  nonisolated(unsafe) private static var provider: Provider = { _, _ in [] }
  nonisolated(unsafe) private static var pending: [String] = []
  private static let historyLimit: Int32 = 1000

  /// Sets up completion and loads the history file.
  static func start(historyFile: String, wordBreaks: String, provider: @escaping Provider) {
    self.provider = provider
    flint_editline_setup(complete, wordBreaks)
    stifle_history(historyLimit)
    _ = read_history(historyFile)
  }

  /// One line, without its newline; nil at end of input (Ctrl-D).
  static func readLine(prompt: String) -> String? {
    guard let raw = readline(prompt) else { return nil }
    defer { free(raw) }
    return String(cString: raw)
  }

  /// Adds a line to the history and saves the file (trimmed to the limit).
  static func remember(_ line: String, historyFile: String) {
    add_history(line)
    _ = write_history(historyFile)
    _ = history_truncate_file(historyFile, historyLimit)
  }

  /// readline's completion hook: the candidates for the word at `start..<end`.
  private static let complete:
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    >? = { text, start, _ in
      flint_editline_no_default_completion()
      let word = text.map { String(cString: $0) } ?? ""
      let line = Array(String(cString: flint_editline_buffer()).utf8)
      let before = String(decoding: line.prefix(Int(max(start, 0))), as: UTF8.self)
      LineEditor.pending = LineEditor.provider(before, word)
      guard !LineEditor.pending.isEmpty, let text else { return nil }
      // A collection path ("/users/") or an opened call continues; anything else ends a word.
      let continues = LineEditor.pending.count == 1 && LineEditor.pending[0].hasSuffix("/")
      flint_editline_append_character(continues ? 0 : 32)
      return rl_completion_matches(text, generate)
    }

  /// readline's generator: the `state`-th call returns the next candidate (malloc'd).
  private static let generate: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
    _, _ in
    guard !LineEditor.pending.isEmpty else { return nil }
    return strdup(LineEditor.pending.removeFirst())
  }
}
