import FirestoreModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif

/// Where the CLI writes: results to stdout, problems with the invocation or files to stderr.
enum Output {
  /// Writes `text` to stdout as is.
  static func out(_ text: String) {
    write(text, to: STDOUT_FILENO)
  }

  /// Exits the process with `status`.
  static func terminate(_ status: Int32) -> Never {
    exit(status)
  }

  /// Writes one message line to stderr. Messages quote the user's file names, arguments and
  /// file contents; nothing on stderr is meant to act on the terminal, so every control and
  /// bidirectional character but line feeds and tabs is shown escaped (`VisibleText`).
  static func error(_ message: String) {
    let shown = VisibleText.escapedLines(message)
    write(shown.hasSuffix("\n") ? shown : shown + "\n", to: STDERR_FILENO)
  }

  /// Unbuffered write of the whole text (retrying short writes and EINTR).
  private static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
