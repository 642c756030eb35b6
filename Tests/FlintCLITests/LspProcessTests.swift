import FlintLanguageServer
import FlintTestSupport
import Foundation
import Testing

/// `flint lsp` as an editor starts it: a process speaking framed JSON-RPC on stdio.
@Suite struct LspProcessTests {
  /// Runs `flint lsp` with `input` on stdin; returns the framed messages it wrote and its status.
  private func run(_ input: [UInt8]) throws -> (messages: [String], status: Int32) {
    let process = Process()
    guard let executable = FlintRunner.executable else { throw FlintRunner.RunnerError.missingExecutable }
    process.executableURL = executable
    process.arguments = ["lsp"]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var reader = FrameReader()
    reader.append([UInt8](output))
    var messages: [String] = []
    while case .body(let body)? = reader.next() { messages.append(String(decoding: body, as: UTF8.self)) }
    return (messages, process.terminationStatus)
  }

  private func frame(_ json: String) -> [UInt8] { FrameReader.frame(json) }

  @Test func aSessionPublishesDiagnosticsAndExitsCleanly() throws {
    let rules =
      #"rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n    match /a/{id} { allow read: if reqest.auth != null; }\n  }\n}\n"#
    var input = frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    input += Array("Content-Length: oops\r\n\r\n".utf8)  // a broken header: answered, then skipped
    input += frame(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///r.rules","languageId":"rules","version":1,"text":""#
        + rules + #""}}}"#)
    input += frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
    input += frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
    let (messages, status) = try run(input)
    #expect(status == 0)
    #expect(messages.count == 4)
    #expect(messages.first?.contains(#""positionEncoding":"utf-16""#) == true)
    #expect(messages.dropFirst().first?.contains("-32700") == true)
    #expect(messages.contains { $0.contains("check.undefined-variable") && $0.contains(#""line":3"#) })
    #expect(messages.last == #"{"jsonrpc":"2.0","id":2,"result":null}"#)
  }

  /// Every recorded session, sent over stdin in one go: the same answers as in process, in the
  /// same order, and status 0 (each session ends with shutdown and exit).
  @Test(arguments: RecordedLSPSession.names)
  func recordedSessionsOverStdio(_ name: String) throws {
    let session = try RecordedLSPSession(name)
    let (messages, status) = try run(session.clientMessages.flatMap { frame($0) })
    #expect(status == 0)
    #expect(messages == session.expected)
  }

  @Test func inputEndingWithoutShutdownExitsWithOne() throws {
    let (messages, status) = try run(frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
    #expect(messages.count == 1)
    #expect(status == 1)
  }

  @Test func exitWithoutShutdownExitsWithOne() throws {
    let (_, status) = try run(frame(#"{"jsonrpc":"2.0","method":"exit"}"#))
    #expect(status == 1)
  }
}
