#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a `LanguageServer` over standard input and output until `exit` or the end of input.
package enum StdioTransport {
  /// The process exit status: 0 after `shutdown` then `exit`, 1 otherwise (LSP §exit).
  package static func run() -> Int32 {
    var server = LanguageServer()
    var reader = FrameReader()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return 1 }
      reader.append(buffer[0..<count])
      while let frame = reader.next() {
        for message in server.receive(frame) {
          writeAll(FrameReader.frame(message))
        }
        if case .exited(let code) = server.status { return code }
      }
    }
  }

  /// Writes every byte to standard output (a closed output ends the writes, not the server).
  private static func writeAll(_ bytes: [UInt8]) {
    var rest = bytes[...]
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      if written <= 0 { return }
      rest = rest.dropFirst(written)
    }
  }
}
