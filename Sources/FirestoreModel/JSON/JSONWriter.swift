/// Writes `JSONValue`s as deterministic JSON text.
///
/// Members keep their order, strings are escaped per RFC 8259 (`"`, `\`, and control
/// characters; everything else is written as UTF-8), and doubles use Swift's shortest
/// round-tripping form, which always contains `.` or `e` so they read back as doubles.
/// NaN and infinities cannot be written: they throw.
public enum JSONWriter {
  /// Layout of the output.
  public enum Style: Sendable {
    /// No whitespace at all: `{"a":[1,2]}`.
    case compact
    /// Two-space indentation, one member or element per line, `"key": value`.
    case pretty
  }

  /// The JSON text of a value (no trailing newline).
  public static func text(_ value: JSONValue, style: Style = .compact) throws(JSONError) -> String {
    var out = ""
    try write(value, style: style, indent: 0, path: [], into: &out)
    return out
  }

  /// A string as a quoted, escaped JSON string literal.
  public static func quoted(_ string: String) -> String {
    StringQuoting.quoted(string)
  }

  /// Compact text that never throws: non-finite doubles print as `NaN`, `Infinity`, `-Infinity`.
  static func debugText(_ value: JSONValue) -> String {
    var out = ""
    try? write(value, style: .compact, indent: 0, path: [], lenient: true, into: &out)
    return out
  }

  static func write(
    _ value: JSONValue, style: Style, indent: Int, path: [JSONPath.Component], lenient: Bool = false,
    into out: inout String
  ) throws(JSONError) {
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .double(let d):
      if d.isFinite {
        out += formatDouble(d)
      } else if lenient {
        out += d.isNaN ? "NaN" : (d < 0 ? "-Infinity" : "Infinity")
      } else {
        throw JSONError("cannot write \(d) as JSON: only finite numbers are allowed", path: JSONPath(path))
      }
    case .string(let s): StringQuoting.appendQuoted(s, to: &out)
    case .array(let elements):
      if elements.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (i, element) in elements.enumerated() {
        if i > 0 { out += "," }
        newline(style, indent + 1, &out)
        try write(element, style: style, indent: indent + 1, path: path + [.index(i)], lenient: lenient, into: &out)
      }
      newline(style, indent, &out)
      out += "]"
    case .object(let object):
      if object.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (i, member) in object.members.enumerated() {
        if i > 0 { out += "," }
        newline(style, indent + 1, &out)
        StringQuoting.appendQuoted(member.key, to: &out)
        out += style == .pretty ? ": " : ":"
        try write(
          member.value, style: style, indent: indent + 1, path: path + [.key(member.key)], lenient: lenient,
          into: &out)
      }
      newline(style, indent, &out)
      out += "}"
    }
  }

  static func newline(_ style: Style, _ indent: Int, _ out: inout String) {
    guard style == .pretty else { return }
    out += "\n"
    out += String(repeating: "  ", count: indent)
  }

  /// Shortest text that parses back to the same double, always marked as fractional.
  static func formatDouble(_ d: Double) -> String {
    let text = d.description
    if text.contains(".") || text.contains("e") || text.contains("E") { return text }
    return text + ".0"
  }
}

extension JSONValue {
  /// The JSON text of this value; throws only for NaN or infinite doubles.
  public func text(_ style: JSONWriter.Style = .compact) throws(JSONError) -> String {
    try JSONWriter.text(self, style: style)
  }
}
