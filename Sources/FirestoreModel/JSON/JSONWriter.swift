/// Writes `JSONValue`s as deterministic JSON text: the one JSON writer behind every output
/// (reports, plans, traces, coverage, SARIF, the language server, batch lines, benchmarks).
///
/// - Members keep their order.
/// - Strings go through `StringQuoting` (`.json`): RFC 8259 escapes plus `\u202e` and the like
///   for invisible characters; everything else is written as UTF-8.
/// - Finite doubles use Swift's shortest round-tripping form, which always contains `.` or `e`
///   so they read back as doubles: `1.0`, `0.1`, `-0.0`, `1e+16`, `1e-05`. (Every integral
///   double below 2^53 is written as digits plus `.0`, as the reports' goldens show.)
/// - NaN and the infinities, which JSON cannot spell as numbers, are written as the strings
///   `"NaN"`, `"Infinity"` and `"-Infinity"`, as the proto3 JSON mapping writes a `double`.
///   Writing never fails: a report that contains `math.sqrt(-1)` still prints.
package enum JSONWriter {
  /// Layout of the output. The layout is the only thing that differs between outputs.
  package enum Style: Sendable {
    /// No whitespace at all: `{"a":[1,2]}`. The language server and `JSONValue.description`.
    case compact
    /// One line with a space after every `,` and `:`: `{"a": [1, 2]}`. Flint's reports.
    case spaced
    /// Two-space indentation, one member or element per line, `"key": value`. Manifests.
    case pretty
  }

  /// The JSON text of a value (no trailing newline).
  package static func text(_ value: JSONValue, style: Style = .compact) -> String {
    var out = ""
    write(value, style: style, indent: 0, into: &out)
    return out
  }

  /// Appends the JSON text of a value to `out`.
  package static func write(_ value: JSONValue, style: Style = .compact, into out: inout String) {
    write(value, style: style, indent: 0, into: &out)
  }

  static func write(_ value: JSONValue, style: Style, indent: Int, into out: inout String) {
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .double(let d): out += formatDouble(d)
    case .string(let s): StringQuoting.appendQuoted(s, to: &out)
    case .array(let elements):
      if elements.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (i, element) in elements.enumerated() {
        if i > 0 { separator(style, &out) }
        newline(style, indent + 1, &out)
        write(element, style: style, indent: indent + 1, into: &out)
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
        if i > 0 { separator(style, &out) }
        newline(style, indent + 1, &out)
        StringQuoting.appendQuoted(member.key, to: &out)
        out += style == .compact ? ":" : ": "
        write(member.value, style: style, indent: indent + 1, into: &out)
      }
      newline(style, indent, &out)
      out += "}"
    }
  }

  static func separator(_ style: Style, _ out: inout String) {
    out += style == .spaced ? ", " : ","
  }

  static func newline(_ style: Style, _ indent: Int, _ out: inout String) {
    guard style == .pretty else { return }
    out += "\n"
    out += String(repeating: "  ", count: indent)
  }

  /// A double as JSON: `number(d)`, or `"NaN"`, `"Infinity"`, `"-Infinity"` (quoted) for the
  /// values JSON has no number for.
  static func formatDouble(_ d: Double) -> String {
    guard d.isFinite else { return d.isNaN ? #""NaN""# : (d < 0 ? #""-Infinity""# : #""Infinity""#) }
    return number(d)
  }

  /// The shortest text that reads back as the same finite double, always marked as fractional
  /// (`1.0`, `-0.0`, `0.1`, `1e+16`): the number format of JSON output and of query literals.
  package static func number(_ d: Double) -> String {
    let text = d.description
    if text.contains(".") || text.contains("e") || text.contains("E") { return text }
    return text + ".0"
  }
}

extension JSONValue {
  /// The JSON text of this value, in the given layout.
  package func text(_ style: JSONWriter.Style = .compact) -> String {
    JSONWriter.text(self, style: style)
  }
}
