import FirestoreModel

/// Reads a request's `params` by dotted key paths, turning a missing or mistyped member into
/// an `invalidParams` error that names it.
struct Params {
  let value: JSONValue
  let id: JSONValue?

  func value(_ path: String) -> JSONValue? {
    var current = value
    for key in path.split(separator: ".") {
      guard case .object(let object) = current, let next = object[String(key)] else { return nil }
      current = next
    }
    return current
  }

  func string(_ path: String) throws(RPCError) -> String {
    guard case .string(let text)? = value(path) else { throw missing(path, "a string") }
    return text
  }

  func int(_ path: String) throws(RPCError) -> Int {
    guard case .int(let number)? = value(path), number >= 0, number <= Int64(Int32.max) else {
      throw missing(path, "a non-negative integer")
    }
    return Int(number)
  }

  func bool(_ path: String) -> Bool {
    if case .bool(let flag)? = value(path) { return flag }
    return false
  }

  func array(_ path: String) throws(RPCError) -> [JSONValue] {
    guard case .array(let items)? = value(path) else { throw missing(path, "an array") }
    return items
  }

  /// An LSP `Position` at `path`.
  func position(_ path: String = "position") throws(RPCError) -> Position {
    Position(line: try int(path + ".line"), character: try int(path + ".character"))
  }

  /// An LSP `Range` at `path`.
  func range(_ path: String) throws(RPCError) -> (start: Position, end: Position) {
    (try position(path + ".start"), try position(path + ".end"))
  }

  func nested(_ value: JSONValue) -> Params { Params(value: value, id: id) }

  private func missing(_ path: String, _ expected: String) -> RPCError {
    RPCError(.invalidParams, "params.\(path) must be \(expected)", id: id)
  }
}

/// An LSP position: a 0-based line and a 0-based character offset in the negotiated encoding.
struct Position: Equatable {
  var line: Int
  var character: Int

  var json: JSONValue { ["line": .int(Int64(line)), "character": .int(Int64(character))] }
}
