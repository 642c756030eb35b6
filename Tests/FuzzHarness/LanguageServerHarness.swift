import FirestoreModel
import FlintLanguageServer

/// Front door: `flint lsp`'s standard input. The input is the byte stream an editor would
/// send, after a fixed `initialize` and the opening of a small rules file (so requests reach
/// the features). Every message the server writes must be a JSON-RPC object, its size bounded
/// by the input's, and `receive` must return (no trap, no hang: libFuzzer's timeout).
public enum LanguageServerHarness {
  static let opening: [UInt8] =
    FrameReader.frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#)
    + FrameReader.frame(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///f.rules","#
        + #""languageId":"rules","version":1,"text":"rules_version = '2';\nservice cloud.firestore {\n  "#
        + #"match /databases/{database}/documents {\n    function own(uid) { return request.auth.uid == uid; }\n"#
        + #"    match /users/{uid} { allow read, write: if own(uid) && math.abs(1) == 1; }\n  }\n}\n"}}}"#)

  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    var server = LanguageServer()
    var reader = FrameReader()
    reader.append(opening)
    // Fed in two parts, so that a frame split across reads is exercised as well.
    let half = bytes.count / 2
    for part in [bytes[..<half], bytes[half...]] {
      reader.append(part)
      while let frame = reader.next() {
        for message in server.receive(frame) { try check(message, inputSize: bytes.count) }
        if case .exited = server.status { return }
      }
    }
  }

  private static func check(_ message: String, inputSize: Int) throws(InvariantViolation) {
    // A diagnostics list is capped at 50; a hover or completion quotes the input at most a
    // few times over; the fixed document and the built-in tables add a constant.
    try Invariants.bounded(message, limit: 256 * 1024 + 64 * inputSize, what: "LSP message")
    let value: JSONValue
    do {
      value = try JSONParser.parse(message)
    } catch {
      throw InvariantViolation("the server wrote text that is not JSON: \(error)\n\(message.prefix(500))")
    }
    guard case .object(let object) = value, object["jsonrpc"] == "2.0",
      object["result"] != nil || object["error"] != nil || object["method"] != nil
    else { throw InvariantViolation("not a JSON-RPC message: \(message.prefix(500))") }
  }
}
