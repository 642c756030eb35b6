import RulesEngine

/// The fast path for one `flint expr --batch` line: a single strict pass over the bytes
/// that builds the id, the expression text and the bindings as rules values directly,
/// without an intermediate JSON tree.
///
/// It handles the common shape only. Whenever a line is invalid or unusual (a syntax error,
/// a repeated or unknown key, a `__tag__` object, non-ASCII text that is not valid UTF-8, a
/// number outside Int64, deep nesting) it gives up and returns nil; the caller then reads
/// the line with the general JSON parser, which accepts or rejects it with the exact
/// message. So both paths agree on every line they both accept.
struct BatchLineReader {
  /// What a line holds.
  struct Line {
    /// `.string` or `.int`.
    var id: BatchID
    var expr: String
    var bindings: [String: RulesValue]
  }

  /// A line's `id`, echoed as given.
  enum BatchID {
    case string(String)
    case int(Int64)
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index: Int
  private let end: Int
  private var depth = 0
  private static let maxDepth = 64

  private init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    self.bytes = bytes
    self.index = range.lowerBound
    self.end = range.upperBound
  }

  /// The line at `range` of `bytes`, or nil when the general parser must decide.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Line? {
    var reader = BatchLineReader(bytes, range)
    return reader.line()
  }

  private mutating func line() -> Line? {
    skipSpace()
    guard take(UInt8(ascii: "{")) else { return nil }
    var id: BatchID?
    var expr: String?
    var bindings: [String: RulesValue]?
    skipSpace()
    if !take(UInt8(ascii: "}")) {
      repeat {
        skipSpace()
        guard let key = string() else { return nil }
        skipSpace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipSpace()
        switch key {
        case "id" where id == nil:
          if peek() == UInt8(ascii: "\"") {
            guard let text = string() else { return nil }
            id = .string(text)
          } else {
            guard case .int(let number)? = value() else { return nil }
            id = .int(number)
          }
        case "expr" where expr == nil:
          guard let text = string() else { return nil }
          expr = text
        case "bindings" where bindings == nil:
          guard peek() == UInt8(ascii: "{"), case .map(let map)? = value() else { return nil }
          bindings = map
        default:
          return nil
        }
        skipSpace()
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")) else { return nil }
    }
    skipSpace()
    guard index == end, let id, let expr else { return nil }
    return Line(id: id, expr: expr, bindings: bindings ?? [:])
  }

  // MARK: Values

  private mutating func value() -> RulesValue? {
    guard index < end else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "{"): return object()
    case UInt8(ascii: "["): return array()
    case UInt8(ascii: "\""): return string().map { .string($0) }
    case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return literal("null") ? .null : nil
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
    default: return nil
    }
  }

  private mutating func object() -> RulesValue? {
    depth += 1
    guard depth <= Self.maxDepth else { return nil }
    index += 1
    var map: [String: RulesValue] = [:]
    skipSpace()
    if take(UInt8(ascii: "}")) {
      depth -= 1
      return .map(map)
    }
    repeat {
      skipSpace()
      guard let key = string() else { return nil }
      // `__x__` keys are fixture tags (or errors about them): the general path decides.
      if key.utf8.first == UInt8(ascii: "_"), key.hasPrefix("__") { return nil }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      guard let member = value() else { return nil }
      guard map.updateValue(member, forKey: key) == nil else { return nil }
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")) else { return nil }
    depth -= 1
    return .map(map)
  }

  private mutating func array() -> RulesValue? {
    depth += 1
    guard depth <= Self.maxDepth else { return nil }
    index += 1
    var items: [RulesValue] = []
    skipSpace()
    if take(UInt8(ascii: "]")) {
      depth -= 1
      return .list(items)
    }
    repeat {
      skipSpace()
      guard let item = value() else { return nil }
      items.append(item)
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "]")) else { return nil }
    depth -= 1
    return .list(items)
  }

  /// RFC 8259 numbers: an integer (no fraction, no exponent) that fits Int64, or a finite double.
  private mutating func number() -> RulesValue? {
    let start = index
    var negative = false
    if take(UInt8(ascii: "-")) { negative = true }
    guard index < end, isDigit(bytes[index]) else { return nil }
    var magnitude: UInt64 = 0
    var overflow = false
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < end, isDigit(bytes[index]) {
        let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
        let (plus, o2) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
        overflow = overflow || o1 || o2
        magnitude = plus
        index += 1
      }
    }
    var isInteger = true
    if take(UInt8(ascii: ".")) {
      isInteger = false
      guard digits() else { return nil }
    }
    if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() else { return nil }
    }
    if isInteger {
      guard !overflow else { return nil }
      if negative {
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return .int(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
      }
      guard magnitude <= UInt64(Int64.max) else { return nil }
      return .int(Int64(magnitude))
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let double = Double(text), double.isFinite else { return nil }
    return .float(double)
  }

  private mutating func digits() -> Bool {
    let start = index
    while index < end, isDigit(bytes[index]) { index += 1 }
    return index > start
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// A string literal; plain ASCII runs are copied as they are, escapes decoded, and other
  /// bytes must form valid UTF-8.
  private mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    var ascii = true
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        if ascii { return String(decoding: raw, as: UTF8.self) }
        return String(validating: raw, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        index = start
        return escapedString()
      }
      if byte < 0x20 { return nil }
      if byte >= 0x80 { ascii = false }
      index += 1
    }
    return nil
  }

  /// The slow path of `string()`, from just after the opening quote.
  private mutating func escapedString() -> String? {
    var out: [UInt8] = []
    while index < end {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(validating: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < end else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          guard let unit = hex4(), !(0xDC00...0xDFFF).contains(unit) else { return nil }
          var scalarValue = UInt32(unit)
          if (0xD800...0xDBFF).contains(unit) {
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00...0xDFFF).contains(low)
            else { return nil }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(scalarValue) else { return nil }
          out.append(contentsOf: String(Character(scalar)).utf8)
        default:
          return nil
        }
      default:
        if byte < 0x20 { return nil }
        out.append(byte)
      }
    }
    return nil
  }

  private mutating func hex4() -> UInt16? {
    guard end - index >= 4 else { return nil }
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  // MARK: Bytes

  @inline(__always)
  private func peek() -> UInt8? {
    index < end ? bytes[index] : nil
  }

  @inline(__always)
  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < end, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard end - index >= count else { return false }
    let matches = word.withUTF8Buffer { expected in
      (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
    }
    if matches { index += count }
    return matches
  }

  @inline(__always)
  private mutating func skipSpace() {
    while index < end {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }
}
