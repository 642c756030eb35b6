import FirestoreModel
import FlintKit
import RulesLanguage

/// Flint's language server (LSP 3.17): diagnostics as `flint check` reports them, hover, go to
/// definition, references, the `match` outline, completion and quick fixes for rules files.
///
/// It is a state machine over messages: `receive` takes one frame and returns the messages to
/// send, so tests replay sessions without a process. Nothing a client sends ends it except
/// `exit`: a malformed message gets an error response (or, for a notification, a log message)
/// and the server keeps serving.
package struct LanguageServer {
  /// Whether the session goes on, or `exit` arrived and with which process status.
  package enum Status: Equatable, Sendable {
    case running
    case exited(Int32)
  }

  package private(set) var status = Status.running
  private var initialized = false
  private var shutdownRequested = false
  private var encoding = LineIndex.Encoding.utf16
  private var documents: [String: TextDocument] = [:]

  package init() {}

  /// Handles one frame; returns the JSON texts of the messages to send, in order.
  package mutating func receive(_ frame: FrameReader.Frame) -> [String] {
    let outgoing: [JSONValue]
    switch frame {
    case .malformed(let reason):
      outgoing = [Outgoing.error(RPCError(.parseError, "unreadable message: \(reason)"))]
    case .body(let body):
      do {
        outgoing = try handle(RPCMessage.decode(body))
      } catch {
        outgoing = [Outgoing.error(error)]
      }
    }
    return outgoing.map(\.description)
  }

  private mutating func handle(_ message: RPCMessage) -> [JSONValue] {
    switch message {
    case .response:
      return []
    case .notification(let method, let params):
      do {
        return try notify(method, Params(value: params, id: nil))
      } catch {
        return [
          Outgoing.notification("window/logMessage", ["type": 1, "message": .string("\(method): \(error.message)")])
        ]
      }
    case .request(let id, let method, let params):
      do {
        return [Outgoing.result(id, try request(method, Params(value: params, id: id)))]
      } catch {
        var answer = error
        answer.id = id
        return [Outgoing.error(answer)]
      }
    }
  }

  private mutating func request(_ method: String, _ params: Params) throws(RPCError) -> JSONValue {
    if shutdownRequested { throw RPCError(.invalidRequest, "the server is shutting down: only 'exit' is accepted") }
    if method == "initialize" {
      guard !initialized else { throw RPCError(.invalidRequest, "'initialize' was already received") }
      initialized = true
      return initializeResult(params)
    }
    guard initialized else { throw RPCError(.serverNotInitialized, "'\(method)' before 'initialize'") }
    switch method {
    case "shutdown":
      shutdownRequested = true
      return .null
    case "textDocument/hover":
      return try withDocument(params) { document, offset in Hover.hover(in: &document, at: offset) }
    case "textDocument/definition":
      return try withDocument(params) { document, offset in Navigation.definition(in: &document, at: offset) }
    case "textDocument/references":
      let includeDeclaration = params.bool("context.includeDeclaration")
      return try withDocument(params) { document, offset in
        Navigation.references(in: &document, at: offset, includeDeclaration: includeDeclaration)
      }
    case "textDocument/completion":
      return try withDocument(params) { document, offset in Completion.items(in: &document, at: offset) }
    case "textDocument/documentSymbol":
      let document = try openDocument(params)
      return DocumentSymbols.symbols(in: document)
    case "textDocument/codeAction":
      let document = try openDocument(params)
      let range = try params.range("range")
      let span = SourceRange(start: document.lines.offset(of: range.start), end: document.lines.offset(of: range.end))
      return CodeActions.actions(in: document, range: span)
    default:
      throw RPCError(.methodNotFound, "Flint does not handle '\(method)'")
    }
  }

  private mutating func notify(_ method: String, _ params: Params) throws(RPCError) -> [JSONValue] {
    if method == "exit" {
      status = .exited(shutdownRequested ? 0 : 1)
      return []
    }
    guard initialized, !shutdownRequested else { return [] }
    switch method {
    case "textDocument/didOpen":
      let uri = try params.string("textDocument.uri")
      let document = TextDocument(
        uri: uri, version: try params.int("textDocument.version"), text: try params.string("textDocument.text"),
        encoding: encoding)
      documents[uri] = document
      return [publish(document)]
    case "textDocument/didChange":
      let uri = try params.string("textDocument.uri")
      guard var document = documents[uri] else { throw RPCError(.invalidParams, "document not open: \(uri)") }
      var changes: [(range: (start: Position, end: Position)?, text: String)] = []
      for change in try params.array("contentChanges") {
        let item = params.nested(change)
        var range: (start: Position, end: Position)?
        if item.value("range") != nil { range = try item.range("range") }
        changes.append((range, try item.string("text")))
      }
      document.apply(changes, version: try params.int("textDocument.version"))
      documents[uri] = document
      return [publish(document)]
    case "textDocument/didClose":
      let uri = try params.string("textDocument.uri")
      documents[uri] = nil
      return [Outgoing.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])]
    default:
      return []  // initialized, didSave, $/cancelRequest, $/setTrace, configuration changes...
    }
  }

  private func publish(_ document: TextDocument) -> JSONValue {
    Outgoing.notification("textDocument/publishDiagnostics", PublishedDiagnostics.params(for: document))
  }

  private func openDocument(_ params: Params) throws(RPCError) -> TextDocument {
    let uri = try params.string("textDocument.uri")
    guard let document = documents[uri] else { throw RPCError(.requestFailed, "document not open: \(uri)") }
    return document
  }

  /// Runs `body` on the open document at the request's position (caching what it builds).
  private mutating func withDocument(
    _ params: Params, _ body: (inout TextDocument, Int) -> JSONValue
  ) throws(RPCError) -> JSONValue {
    var document = try openDocument(params)
    let offset = document.lines.offset(of: try params.position())
    let result = body(&document, offset)
    documents[document.uri] = document
    return result
  }

  private mutating func initializeResult(_ params: Params) -> JSONValue {
    if case .array(let offered)? = params.value("capabilities.general.positionEncodings"),
      offered.contains(.string(LineIndex.Encoding.utf8.rawValue))
    {
      encoding = .utf8
    }
    return [
      "capabilities": [
        "positionEncoding": .string(encoding.rawValue),
        "textDocumentSync": ["openClose": true, "change": 2],
        "hoverProvider": true,
        "definitionProvider": true,
        "referencesProvider": true,
        "documentSymbolProvider": true,
        "completionProvider": ["triggerCharacters": ["."]],
        "codeActionProvider": ["codeActionKinds": ["quickfix"]],
      ],
      "serverInfo": ["name": "flint", "version": .string(FlintVersion.release)],
    ]
  }
}
