/// A strict RFC 8259 JSON parser written for fixtures and test suites.
///
/// - Integers (no fraction, no exponent) become `.int`; an integer outside Int64 is an
///   error rather than a silently rounded double.
/// - Object keys keep their order; a repeated key is an error.
/// - Nesting is limited (`Options.maxDepth`, 512 by default) so hostile input cannot
///   exhaust the stack; invalid UTF-8 is reported with its byte offset.
/// - Every error carries line, column (in characters) and the JSON path of the value.
/// - A leading UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows ignoring it).
package enum JSONParser {
  /// Parser limits.
  package struct Options: Sendable {
    /// The deepest allowed nesting of arrays and objects.
    package var maxDepth: Int

    package init(maxDepth: Int = 512) {
      self.maxDepth = maxDepth
    }
  }

  /// Parses JSON text.
  package static func parse(_ text: String, file: String? = nil, options: Options = Options()) throws(JSONError)
    -> JSONValue
  {
    try parse(bytes: Array(text.utf8), file: file, options: options)
  }

  /// Parses JSON from raw bytes, which must be UTF-8.
  package static func parse(bytes: [UInt8], file: String? = nil, options: Options = Options()) throws(JSONError)
    -> JSONValue
  {
    var scanner = JSONScanner(bytes: bytes, file: file, maxDepth: options.maxDepth)
    return try scanner.parseDocument()
  }

  /// Parses JSON and also returns a source map that can find where any value starts, for
  /// locating errors found later. The map costs nothing until it is asked: it scans the text
  /// again for the one path it needs.
  package static func parseWithSourceMap(
    bytes: [UInt8], file: String? = nil, options: Options = Options()
  ) throws(JSONError) -> (value: JSONValue, sourceMap: JSONSourceMap) {
    var scanner = JSONScanner(bytes: bytes, file: file, maxDepth: options.maxDepth)
    let value = try scanner.parseDocument()
    return (value, JSONSourceMap(bytes: bytes, file: file, maxDepth: options.maxDepth))
  }
}

/// The byte-level state of one parse.
struct JSONScanner {
  let bytes: [UInt8]
  let file: String?
  let maxDepth: Int
  /// When set, the scan records where each prefix of this path starts (`targetOffsets[k]`
  /// for the first k components), tracking the matched prefix length in O(1) per value.
  let target: [JSONPath.Component]?
  var targetOffsets: [Int?] = []
  /// With `collectsElements`, the start of every element of the array at `target`, in order.
  var collectsElements = false
  var elementOffsets: [Int] = []
  var matchedDepth = 0
  var index = 0
  var depth = 0
  var path: [JSONPath.Component] = []

  init(bytes: [UInt8], file: String?, maxDepth: Int, target: [JSONPath.Component]? = nil) {
    self.bytes = bytes
    self.file = file
    self.maxDepth = maxDepth
    self.target = target
    if let target { targetOffsets = Array(repeating: nil, count: target.count + 1) }
  }

  mutating func parseDocument() throws(JSONError) -> JSONValue {
    if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
      throw error("invalid UTF-8 at byte offset \(bad)", at: bad)
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    guard index < bytes.count else { throw error("empty input: expected a JSON value", at: index) }
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else {
      throw error("unexpected \(describeByte(at: index)) after the JSON value", at: index, path: [])
    }
    return value
  }

  // MARK: Values

  mutating func parseValue() throws(JSONError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw error("unexpected end of input: expected a value", at: index) }
    if let target {
      if matchedDepth == path.count { targetOffsets[path.count] = index }
      if collectsElements, matchedDepth == target.count, path.count == target.count + 1 { elementOffsets.append(index) }
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected \(describeWord(at: index)): expected a value", at: index)
    }
  }

  mutating func enterContainer() throws(JSONError) {
    depth += 1
    if depth > maxDepth {
      throw error("nesting deeper than \(maxDepth) levels of arrays and objects", at: index)
    }
  }

  mutating func parseArray() throws(JSONError) -> JSONValue {
    try enterContainer()
    let start = index
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      pushPath(.index(elements.count))
      skipWhitespace()
      if peek() == UInt8(ascii: "]") { throw error("trailing comma is not allowed in an array", at: index) }
      elements.append(try parseValue())
      popPath()
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elements)
      case nil: throw error("unterminated array (opened at \(place(of: start))): expected ',' or ']'", at: index)
      default: throw error("unexpected \(describeByte(at: index)) in an array: expected ',' or ']'", at: index)
      }
    }
  }

  mutating func parseObject() throws(JSONError) -> JSONValue {
    try enterContainer()
    let start = index
    index += 1
    var object = JSONObject()
    var seen = Set<String>()
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: "\""): break
      case UInt8(ascii: "}"): throw error("trailing comma is not allowed in an object", at: index)
      case nil: throw error("unterminated object (opened at \(place(of: start))): expected a key", at: index)
      default: throw error("unexpected \(describeByte(at: index)): expected a string key", at: index)
      }
      let keyStart = index
      let key = try parseString()
      pushPath(.key(key))
      guard seen.insert(key).inserted else { throw error("duplicate key \"\(key)\"", at: keyStart) }
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else {
        throw error("expected ':' after the key, found \(describeByte(at: index))", at: index)
      }
      index += 1
      let value = try parseValue()
      object.appendUnchecked(JSONMember(key: key, value: value))
      popPath()
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(object)
      case nil: throw error("unterminated object (opened at \(place(of: start))): expected ',' or '}'", at: index)
      default: throw error("unexpected \(describeByte(at: index)) in an object: expected ',' or '}'", at: index)
      }
    }
  }

  mutating func expectLiteral(_ word: StaticString) throws(JSONError) {
    let start = index
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { literal in
      bytes.count - index >= count && literal.indices.allSatisfy { bytes[index + $0] == literal[$0] }
    }
    guard matches else { throw error("unexpected \(describeWord(at: start)): expected a value", at: start) }
    index += count
  }

  // MARK: Numbers

  mutating func parseNumber() throws(JSONError) -> JSONValue {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(), isDigit(first) else {
      throw error("expected a digit after '-'", at: index)
    }
    index += 1
    if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) {
      throw error("leading zeros are not allowed in numbers", at: start)
    }
    skipDigits()
    var isFractional = false
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard let d = peek(), isDigit(d) else { throw error("expected a digit after '.'", at: index) }
      skipDigits()
      isFractional = true
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard let d = peek(), isDigit(d) else { throw error("expected a digit in the exponent", at: index) }
      skipDigits()
      isFractional = true
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isFractional {
      guard let value = Double(text), value.isFinite else {
        throw error("number \(text) is too large for a 64-bit floating-point value", at: start)
      }
      return .double(value)
    }
    guard let value = Int64(text) else {
      throw error(
        "integer \(text) does not fit in 64 bits (write it with a fraction, e.g. \(text).0, for a double)",
        at: start)
    }
    return .int(value)
  }

  mutating func skipDigits() {
    while let b = peek(), isDigit(b) { index += 1 }
  }

  func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  // MARK: Helpers

  mutating func pushPath(_ component: JSONPath.Component) {
    if let target, matchedDepth == path.count, path.count < target.count, target[path.count] == component {
      matchedDepth += 1
    }
    path.append(component)
  }

  mutating func popPath() {
    path.removeLast()
    if matchedDepth > path.count { matchedDepth = path.count }
  }

  func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  func hexDigits(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true).leftPadded(to: 4) }
  func hex(_ value: UInt32) -> String { "U+" + hexDigits(value) }

  func describeEscaped(_ b: UInt8) -> String {
    b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : hex(UInt32(b))
  }

  /// `'x'`, `'é' (U+00E9)`, `U+0001`, or `end of input`.
  func describeByte(at offset: Int) -> String {
    guard offset < bytes.count else { return "end of input" }
    let b = bytes[offset]
    if b >= 0x21 && b < 0x7F { return "'\(UnicodeScalar(b))'" }
    if b < 0x80 { return "character \(hex(UInt32(b)))" }
    var iterator = bytes[offset...].makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      return "'\(scalar)' (\(hex(scalar.value)))"
    }
    return "byte 0x\(String(b, radix: 16, uppercase: true))"
  }

  /// A bare word for messages such as `unexpected 'True'`.
  func describeWord(at offset: Int) -> String {
    var end = offset
    while end < bytes.count, end - offset < 20,
      (bytes[end] >= UInt8(ascii: "a") && bytes[end] <= UInt8(ascii: "z"))
        || (bytes[end] >= UInt8(ascii: "A") && bytes[end] <= UInt8(ascii: "Z"))
    {
      end += 1
    }
    return end > offset + 1 ? "'\(String(decoding: bytes[offset..<end], as: UTF8.self))'" : describeByte(at: offset)
  }

  func place(of offset: Int) -> String {
    let (line, column) = JSONSourceMap.lineAndColumn(of: offset, in: bytes)
    return "\(line):\(column)"
  }

  func error(_ message: String, at offset: Int, path: [JSONPath.Component]? = nil) -> JSONError {
    let (line, column) = JSONSourceMap.lineAndColumn(of: offset, in: bytes)
    return JSONError(
      message, path: JSONPath(path ?? self.path), line: line, column: column, offset: offset, file: file)
  }
}
