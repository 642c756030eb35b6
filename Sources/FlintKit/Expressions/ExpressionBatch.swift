import FirestoreModel
import RulesEngine
import RulesLanguage

/// `flint expr --batch`: evaluates JSON Lines of `{"id", "expr", "bindings"}` and writes one
/// line per input, in order: `{"id": "7", "bool": true}` (the typed JSON value) or
/// `{"id": "7", "error": "..."}`.
///
/// - `id` is a string or an integer and is echoed as given; `bindings` is optional.
/// - A line that is not valid JSON, or not such an object, gives `{"id": null, "error":
///   "line N: ..."}` (the id when it could be read) and the batch goes on. Blank lines are
///   skipped without output.
/// - Expression syntax errors give `{"id", "error": "syntax error at column C: ..."}`.
/// - Parsed expressions are cached by their text, so repeated expressions parse once.
/// - Lines are read by a one-pass reader straight into rules values (`BatchLineReader`);
///   anything unusual goes to the general JSON parser, which also words the errors.
package struct ExpressionBatch: Sendable {
  package let job: ExpressionJob
  /// The most distinct expression texts kept parsed at once (the cache is cleared beyond).
  package var cacheLimit: Int
  /// Output is handed to the writer in chunks of about this many bytes.
  package var chunkSize: Int

  /// What the batch went through.
  package struct Summary: Sendable, Equatable {
    /// Input lines answered (blank lines excluded).
    package var lines = 0
    /// Lines that were malformed (bad JSON, wrong shape) or held an expression that did not parse.
    package var invalid = 0
    /// Lines whose expression looked up a document (`get`, `exists`, ...).
    package var lookedUp = 0

    package init(lines: Int = 0, invalid: Int = 0, lookedUp: Int = 0) {
      self.lines = lines
      self.invalid = invalid
      self.lookedUp = lookedUp
    }
  }

  static let keys: Set<String> = ["id", "expr", "bindings"]

  package init(job: ExpressionJob = ExpressionJob(), cacheLimit: Int = 200_000, chunkSize: Int = 1 << 16) {
    self.job = job
    self.cacheLimit = cacheLimit
    self.chunkSize = chunkSize
  }

  private enum Parsed {
    case expr(Expr)
    case error(String)
  }

  /// Runs every line of `input`; `write` receives output chunks (it may empty the buffer).
  @discardableResult
  package func run(_ input: [UInt8], write: (inout [UInt8]) -> Void) -> Summary {
    input.withUnsafeBufferPointer { bytes in run(bytes, write: write) }
  }

  private func run(_ input: UnsafeBufferPointer<UInt8>, write: (inout [UInt8]) -> Void) -> Summary {
    var summary = Summary()
    var cache: [String: Parsed] = [:]
    var out: [UInt8] = []
    out.reserveCapacity(chunkSize + 4096)
    var lineNumber = 0
    var start = 0
    let count = input.count
    while start < count {
      var end = start
      while end < count && input[end] != UInt8(ascii: "\n") { end += 1 }
      lineNumber += 1
      let range = start..<end
      start = end + 1
      if input[range].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      summary.lines += 1
      let valid: Bool
      if let line = BatchLineReader.read(input, range) {
        valid = answer(
          id: line.id, text: line.expr, bindings: line.bindings, cache: &cache, out: &out, summary: &summary)
      } else {
        valid = answerSlowly(Array(input[range]), number: lineNumber, cache: &cache, out: &out, summary: &summary)
      }
      if !valid { summary.invalid += 1 }
      if out.count >= chunkSize {
        write(&out)
        out.removeAll(keepingCapacity: true)
      }
    }
    if !out.isEmpty { write(&out) }
    return summary
  }

  /// Reads a line the fast reader left to the general JSON parser, which also words the
  /// errors; false when the line was invalid.
  private func answerSlowly(
    _ line: [UInt8], number: Int, cache: inout [String: Parsed], out: inout [UInt8], summary: inout Summary
  ) -> Bool {
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes: line)
    } catch {
      appendLine(
        id: nil, error: "line \(number): invalid JSON at column \(error.column ?? 1): \(error.message)", to: &out)
      return false
    }
    guard case .object(let object) = json else {
      appendLine(
        id: nil,
        error: "line \(number): expected an object {\"id\", \"expr\", \"bindings\"}, found \(json.kindDescription)",
        to: &out)
      return false
    }
    let id: BatchLineReader.BatchID
    switch object["id"] {
    case .string(let text)?: id = .string(text)
    case .int(let number)?: id = .int(number)
    case nil:
      appendLine(id: nil, error: "line \(number): missing \"id\"", to: &out)
      return false
    case let other?:
      appendLine(
        id: nil, error: "line \(number): \"id\" must be a string or an integer, found \(other.kindDescription)",
        to: &out)
      return false
    }
    if let unknown = object.keys.first(where: { !Self.keys.contains($0) }) {
      appendLine(id: id, error: "line \(number): unknown key \"\(unknown)\" (expected id, expr, bindings)", to: &out)
      return false
    }
    guard case .string(let text)? = object["expr"] else {
      let found = object["expr"].map { "found \($0.kindDescription)" } ?? "missing"
      appendLine(id: id, error: "line \(number): \"expr\" must be a string (\(found))", to: &out)
      return false
    }
    var bindings: [String: RulesValue] = [:]
    if let json = object["bindings"] {
      do {
        bindings = try BindingsDecoder.bindings(json, at: JSONPath.root.appending("bindings"))
      } catch {
        appendLine(id: id, error: "line \(number): \(error.path): \(error.message)", to: &out)
        return false
      }
    }
    return answer(id: id, text: text, bindings: bindings, cache: &cache, out: &out, summary: &summary)
  }

  /// Parses (or finds in the cache) and evaluates one expression; false on a syntax error.
  private func answer(
    id: BatchLineReader.BatchID, text: String, bindings: [String: RulesValue], cache: inout [String: Parsed],
    out: inout [UInt8], summary: inout Summary
  ) -> Bool {
    let parsed: Parsed
    if let cached = cache[text] {
      parsed = cached
    } else {
      let result = ExpressionJob.parse(text)
      if let expr = result.expr {
        parsed = .expr(expr)
      } else {
        parsed = .error(result.errorMessage ?? "syntax error")
      }
      if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
      cache[text] = parsed
    }
    switch parsed {
    case .expr(let expr):
      let (result, lookedUp) = job.evaluateWithLookups(expr, bindings: bindings)
      if lookedUp { summary.lookedUp += 1 }
      appendLine(id: id, result: result, to: &out)
      return true
    case .error(let message):
      appendLine(id: id, error: message, to: &out)
      return false
    }
  }

  private func appendID(_ id: BatchLineReader.BatchID?, to out: inout [UInt8]) {
    out.append(contentsOf: #"{"id": "#.utf8)
    switch id {
    case .string(let s)?: TypedJSONBytes.appendQuoted(s, to: &out)
    case .int(let i)?: out.append(contentsOf: String(i).utf8)
    case nil: out.append(contentsOf: "null".utf8)
    }
    out.append(contentsOf: ", ".utf8)
  }

  private func appendLine(id: BatchLineReader.BatchID?, result: Result<RulesValue, EvalError>, to out: inout [UInt8]) {
    appendID(id, to: &out)
    TypedJSONBytes.appendMembers(result, to: &out)
    out.append(contentsOf: "}\n".utf8)
  }

  private func appendLine(id: BatchLineReader.BatchID?, error: String, to out: inout [UInt8]) {
    appendID(id, to: &out)
    TypedJSONBytes.appendError(error, to: &out)
    out.append(contentsOf: "}\n".utf8)
  }
}
