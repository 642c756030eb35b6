import Foundation

/// Runs a `LanguageServer` over standard input and output until `exit` or the end of input.
package enum StdioTransport {
  /// The process exit status: 0 after `shutdown` then `exit`, 1 otherwise (LSP §exit).
  package static func run() -> Int32 {
    var server = LanguageServer()
    var reader = FrameReader()
    let input = FileHandle.standardInput
    let output = FileHandle.standardOutput
    while true {
      let chunk = input.availableData
      if chunk.isEmpty { return 1 }
      reader.append(chunk)
      while let frame = reader.next() {
        for message in server.receive(frame) {
          output.write(Data(FrameReader.frame(message)))
        }
        if case .exited(let code) = server.status { return code }
      }
    }
  }
}
