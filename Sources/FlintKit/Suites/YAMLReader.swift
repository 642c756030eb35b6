import CYAML
import FirestoreModel

/// Reads YAML into the same `JSONValue` tree the JSON parser builds, so one loader serves
/// suites written in either language.
///
/// Scalars keep their YAML type (`YAMLScalarType`, the rules suites were always read with): an integer (`42`, `0x2A`)
/// is `.int`, a float (`1.5`, `1e3`) is `.double`, `true`/`false` (and YAML 1.1 `yes`/`no`/
/// `on`/`off`) are booleans, `null`/`~`/empty are null, and every other scalar, quoted scalars
/// and unquoted timestamps included, is a string. Mapping keys must be scalars and unique.
///
/// The tree is built from libyaml's events with an explicit stack (no recursion), so hostile
/// nesting is an error, never a stack overflow; aliases expand with a cap on the total number
/// of values so that nested aliases cannot blow up memory.
enum YAMLReader {
  /// The most values one document may expand to (aliases included).
  static let maxValues = 1_000_000
  /// The deepest nesting allowed, as for JSON.
  static let maxDepth = 512

  /// Parses `text`; errors carry the file, line, column and JSON path. The returned marks
  /// map each value's path to where it starts, for placing errors found later.
  static func read(_ text: String, file: String) throws(JSONError) -> (value: JSONValue, marks: YAMLMarks) {
    var bytes = Array(text.utf8)
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else { throw JSONError("cannot start the YAML parser", file: file) }
    defer { yaml_parser_delete(parser) }
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    var composer = YAMLComposer(file: file)
    return try bytes.withUnsafeMutableBufferPointer { buffer throws(JSONError) in
      yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
      let value = try composer.compose(parser)
      return (value, YAMLMarks(file: file, marks: composer.marks))
    }
  }
}

/// Builds one document's tree from parser events.
private struct YAMLComposer {
  /// An open sequence or mapping.
  struct Frame {
    var path: JSONPath
    var isMapping: Bool
    var items: [JSONValue] = []
    var object = JSONObject()
    /// For mappings: the key whose value comes next.
    var pendingKey: String?
    var anchor: String?
    /// `count` before the frame opened (the size of an anchored value counts the collection itself).
    var startCount: Int
  }

  let file: String
  var marks: [JSONPath: YAMLMark] = [:]
  var stack: [Frame] = []
  var anchors: [String: (value: JSONValue, size: Int)] = [:]
  var count = 0
  var root: JSONValue?

  init(file: String) { self.file = file }

  mutating func compose(_ parser: UnsafeMutablePointer<yaml_parser_t>) throws(JSONError) -> JSONValue {
    var event = yaml_event_t()
    var documents = 0
    while true {
      guard yaml_parser_parse(parser, &event) == 1 else { throw syntaxError(parser.pointee) }
      defer { yaml_event_delete(&event) }
      let mark = YAMLMark(line: event.start_mark.line + 1, column: event.start_mark.column + 1)
      switch event.type {
      case YAML_STREAM_END_EVENT:
        guard let root else { throw JSONError("empty input: expected a YAML document", line: 1, column: 1, file: file) }
        return root
      case YAML_DOCUMENT_START_EVENT:
        documents += 1
        if documents > 1 { throw located("a suite holds one YAML document, found another", mark, .root) }
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        let text = Self.string(scalar.value, length: scalar.length)
        let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
        let tag = scalar.plain_implicit == 1 || scalar.quoted_implicit == 1 ? nil : Self.string(scalar.tag)
        let value = try self.scalar(text, plain: plain, tag: tag, mark: mark)
        try deliver(value, scalarText: text, anchor: Self.string(scalar.anchor), size: 1, mark: mark)
      case YAML_ALIAS_EVENT:
        let name = Self.string(event.data.alias.anchor) ?? ""
        guard let anchored = anchors[name] else { throw located("unknown alias *\(name)", mark, nextPath) }
        try deliver(anchored.value, scalarText: nil, anchor: nil, size: anchored.size, mark: mark)
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        let path = nextPath
        // The collection itself counts, so an alias of an empty one (`&a []`) still costs 1.
        let startCount = count
        try count(1, mark, path)
        guard stack.count < YAMLReader.maxDepth else {
          throw located("nesting deeper than \(YAMLReader.maxDepth) levels of sequences and mappings", mark, path)
        }
        if stack.last?.isMapping == true, stack.last?.pendingKey == nil {
          throw located("mapping keys must be plain scalars", mark, path)
        }
        let isMapping = event.type == YAML_MAPPING_START_EVENT
        let anchor = Self.string(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
        if marks[path] == nil { marks[path] = mark }
        stack.append(Frame(path: path, isMapping: isMapping, anchor: anchor, startCount: startCount))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let frame = stack.popLast() else { throw located("unbalanced YAML events", mark, .root) }
        let value: JSONValue = frame.isMapping ? .object(frame.object) : .array(frame.items)
        if let anchor = frame.anchor { anchors[anchor] = (value, count - frame.startCount) }
        try place(value, scalarText: nil, mark: mark)
      default:
        break
      }
    }
  }

  /// The path the next value will have.
  var nextPath: JSONPath {
    guard let top = stack.last else { return .root }
    if top.isMapping { return top.pendingKey.map { top.path.appending($0) } ?? top.path }
    return top.path.appending(top.items.count)
  }

  /// Counts `size` more values against the cap.
  mutating func count(_ size: Int, _ mark: YAMLMark, _ path: JSONPath) throws(JSONError) {
    count += size
    guard count <= YAMLReader.maxValues else {
      throw located("more than \(YAMLReader.maxValues) values (aliases expanded)", mark, path)
    }
  }

  /// A finished scalar or alias value: counted, anchored, placed.
  mutating func deliver(_ value: JSONValue, scalarText: String?, anchor: String?, size: Int, mark: YAMLMark)
    throws(JSONError)
  {
    let path = nextPath
    try count(size, mark, path)
    if let anchor { anchors[anchor] = (value, size) }
    if stack.last?.pendingKey != nil || stack.last?.isMapping != true, marks[path] == nil { marks[path] = mark }
    try place(value, scalarText: scalarText, mark: mark)
  }

  /// Puts a value into the open collection (or makes it the root).
  mutating func place(_ value: JSONValue, scalarText: String?, mark: YAMLMark) throws(JSONError) {
    guard !stack.isEmpty else {
      root = value
      return
    }
    let top = stack.count - 1
    guard stack[top].isMapping else {
      stack[top].items.append(value)
      return
    }
    guard let key = stack[top].pendingKey else {
      guard let scalarText else { throw located("mapping keys must be plain scalars", mark, stack[top].path) }
      guard !stack[top].object.contains(scalarText) else {
        throw located("duplicate key \"\(scalarText)\"", mark, stack[top].path.appending(scalarText))
      }
      stack[top].pendingKey = scalarText
      return
    }
    stack[top].object[key] = value
    stack[top].pendingKey = nil
  }

  /// A scalar's value: quoted and block scalars are strings; plain ones resolve by
  /// `YAMLScalarType`; an explicit tag (`!!int "4"`) names the type itself.
  func scalar(_ text: String, plain: Bool, tag: String?, mark: YAMLMark) throws(JSONError) -> JSONValue {
    let type: YAMLScalarType
    if let tag, tag != "!" {
      guard let named = YAMLScalarType(tag: tag) else { throw located("unsupported YAML tag \(tag)", mark, nextPath) }
      type = named
    } else {
      type = plain ? YAMLScalarType(plain: text) : .str
    }
    switch type {
    case .null:
      return .null
    case .bool:
      guard let value = YAMLScalarType.bool(text) else { throw located("invalid boolean \"\(text)\"", mark, nextPath) }
      return .bool(value)
    case .int:
      guard let value = YAMLScalarType.int(text) else {
        guard YAMLScalarType.spellsInteger(text) else { throw located("\(text) is not an integer", mark, nextPath) }
        throw located("integer \(text) does not fit in 64 bits", mark, nextPath)
      }
      return .int(value)
    case .float:
      guard let value = YAMLScalarType.float(text), value.isFinite else {
        throw located(
          "\(text) is not a finite number (use {__double__: \"NaN\"} for non-finite values)", mark, nextPath)
      }
      return .double(value)
    case .str, .timestamp:
      return .string(text)
    case .merge, .value:
      throw located("unsupported YAML tag \(type.tag)", mark, nextPath)
    }
  }

  func located(_ message: String, _ mark: YAMLMark, _ path: JSONPath) -> JSONError {
    JSONError(message, path: path, line: mark.line, column: mark.column, file: file)
  }

  /// libyaml's error as a `JSONError` with its line and column.
  func syntaxError(_ parser: yaml_parser_t) -> JSONError {
    let problem = Self.string(parser.problem) ?? "syntax error"
    var note = ""
    if let context = Self.string(parser.context) { note = " (\(context) at line \(parser.context_mark.line + 1))" }
    return JSONError(
      "invalid YAML: \(problem)\(note)", line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1,
      file: file)
  }

  static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  static func string(_ pointer: UnsafeMutablePointer<UInt8>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  static func string(_ pointer: UnsafeMutablePointer<UInt8>?, length: Int) -> String {
    guard let pointer else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
  }
}

/// A 1-based line and column (libyaml counts columns in Unicode scalars).
struct YAMLMark: Sendable {
  var line: Int
  var column: Int
}

/// Where each value of a YAML document starts, by JSON path.
struct YAMLMarks: Sendable {
  let file: String
  let marks: [JSONPath: (line: Int, column: Int)]

  init(file: String, marks: [JSONPath: YAMLMark]) {
    self.file = file
    self.marks = marks.mapValues { ($0.line, $0.column) }
  }

  /// The error with file, line and column of the closest ancestor of its path that has a mark.
  func locate(_ error: JSONError) -> JSONError {
    var located = error
    if located.file == nil { located.file = file }
    guard located.line == nil else { return located }
    var components = error.path.components
    while true {
      if let mark = marks[JSONPath(components)] {
        located.line = mark.line
        located.column = mark.column
        return located
      }
      if components.isEmpty { return located }
      components.removeLast()
    }
  }
}
