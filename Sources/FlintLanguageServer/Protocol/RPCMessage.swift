import FirestoreModel

/// A JSON-RPC 2.0 message as LSP uses it.
package enum RPCMessage: Equatable, Sendable {
  /// A call that wants an answer with the same id (an integer or a string).
  case request(id: JSONValue, method: String, params: JSONValue)
  /// A call that wants no answer.
  case notification(method: String, params: JSONValue)
  /// An answer to a request the server sent; the server sends none, so these are ignored.
  case response(id: JSONValue)

  /// Reads one message body. A body that is not a JSON-RPC message throws an `RPCError` whose
  /// `id` is the request id when one could be read.
  package static func decode(_ body: [UInt8]) throws(RPCError) -> RPCMessage {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes: body, options: .init(maxDepth: 128))
    } catch {
      throw RPCError(.parseError, "not valid JSON: \(VisibleText.escaped(error.description, keepingTabs: false))")
    }
    guard case .object(let object) = value else {
      throw RPCError(.invalidRequest, "a message must be a JSON object, found \(value.kindDescription)")
    }
    let id = object["id"]
    if let id, !Self.isValidID(id) {
      throw RPCError(.invalidRequest, "'id' must be an integer or a string, found \(id.kindDescription)")
    }
    guard let methodValue = object["method"] else {
      if let id { return .response(id: id) }
      throw RPCError(.invalidRequest, "a message needs 'method' (or 'id' and 'result' for a response)")
    }
    guard case .string(let method) = methodValue else {
      throw RPCError(.invalidRequest, "'method' must be a string, found \(methodValue.kindDescription)", id: id)
    }
    let params = object["params"] ?? .null
    if let id { return .request(id: id, method: method, params: params) }
    return .notification(method: method, params: params)
  }

  private static func isValidID(_ id: JSONValue) -> Bool {
    switch id {
    case .int, .string: true
    default: false
    }
  }
}

/// A JSON-RPC error: a code, a message and the request it answers (null when unknown).
package struct RPCError: Error, Equatable, Sendable {
  /// The codes JSON-RPC and LSP define that Flint uses.
  package enum Code: Int64, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
  }

  package var code: Code
  package var message: String
  package var id: JSONValue?

  package init(_ code: Code, _ message: String, id: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.id = id
  }
}

/// Building the messages the server sends.
enum Outgoing {
  static func result(_ id: JSONValue, _ result: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "id": id, "result": result]
  }

  static func error(_ error: RPCError) -> JSONValue {
    [
      "jsonrpc": "2.0", "id": error.id ?? .null,
      "error": ["code": .int(error.code.rawValue), "message": .string(error.message)],
    ]
  }

  static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
  }
}
