import FirestoreModel

/// Short, rules-literal-like text for values in explanations: `'alice'`, `[1, 2]`,
/// `{'a': true}`, `/databases/(default)/documents/users/alice`. Long values are cut.
package enum ValueText {
  /// The display text of a value, at most about `limit` characters.
  package static func render(_ value: RulesValue, limit: Int = 80) -> String {
    var out = ""
    write(value, to: &out, limit: limit)
    if isOver(limit, out) { out = String(out.prefix(limit)) + "…" }
    return out
  }

  /// The display text of a traced value: a value, `error: <message>`, or `not evaluated`.
  package static func render(_ value: TraceValue, limit: Int = 80) -> String {
    switch value {
    case .value(let value): render(value, limit: limit)
    case .error(let error): "error: \(error.message)"
    case .notEvaluated: "not evaluated"
    }
  }

  private static func write(_ value: RulesValue, to out: inout String, limit: Int) {
    if isOver(limit, out) { return }
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .float(let f):
      if f.isNaN {
        out += "NaN"
      } else if f.isInfinite {
        out += f < 0 ? "-Infinity" : "Infinity"
      } else {
        out += f == f.rounded() && abs(f) < 1e15 ? String(format1: f) : "\(f)"
      }
    case .string(let s): out += quoted(s)
    case .bytes(let bytes): out += "b'" + bytes.map { byteText($0) }.joined() + "'"
    case .list(let values):
      out += "["
      writeList(values, to: &out, limit: limit)
      out += "]"
    case .set(let values):
      out += "set(["
      writeList(values, to: &out, limit: limit)
      out += "])"
    case .map(let map):
      out += "{"
      for (index, key) in map.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
        if index > 0 { out += ", " }
        if isOver(limit, out) { return }
        out += quoted(key) + ": "
        write(map[key]!, to: &out, limit: limit)
      }
      out += "}"
    case .mapDiff(let diff):
      out += "map_diff("
      write(.map(diff.left), to: &out, limit: limit)
      out += ", "
      write(.map(diff.right), to: &out, limit: limit)
      out += ")"
    case .path(let path): out += path.description
    case .timestamp(let t): out += "timestamp(\(t.rfc3339))"
    case .duration(let d): out += "duration(\(d.seconds)s, \(d.nanos)ns)"
    case .latlng(let point): out += "latlng(\(point.latitude), \(point.longitude))"
    }
  }

  /// Whether `out` has more than `limit` characters; the UTF-8 count (constant time) answers
  /// first, so rendering with a huge limit stays linear in the value's size.
  private static func isOver(_ limit: Int, _ out: String) -> Bool {
    out.utf8.count > limit && out.count > limit
  }

  private static func writeList(_ values: [RulesValue], to out: inout String, limit: Int) {
    for (index, value) in values.enumerated() {
      if index > 0 { out += ", " }
      if isOver(limit, out) { return }
      write(value, to: &out, limit: limit)
    }
  }

  /// `'…'` with `'` and `\` escaped, other control characters and DEL as `\xHH`.
  private static let stringStyle = StringQuoting.Style(
    quote: "'", shortBackspaceAndFormFeed: false, escapesDelete: true, hexEscape: .byte2)

  private static func quoted(_ text: String) -> String {
    StringQuoting.quoted(text, style: stringStyle)
  }

  private static func byteText(_ byte: UInt8) -> String {
    if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "'"), byte != UInt8(ascii: "\\") {
      return String(UnicodeScalar(byte))
    }
    return "\\x" + hex2(byte)
  }

  private static func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}

extension String {
  /// A whole float with one decimal, `2.0`.
  fileprivate init(format1 value: Double) {
    self = String(Int64(value)) + ".0"
  }
}
