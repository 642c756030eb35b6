import FirestoreModel

/// A tiny JSON writer: a value tree with deterministic output, and string escaping.
///
/// Objects keep the key order they were built with. Output is one line, with `", "` and
/// `": "` separators: `{"files": [{"file": "a.rules"}]}`.
public enum JSONText: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  /// A finite number; non-finite values are written as strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
  case double(Double)
  case string(String)
  case array([JSONText])
  /// Key/value pairs in output order.
  case object([(String, JSONText)])

  /// The serialised text.
  public var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  /// Appends the serialised text to `out`.
  public func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .double(let value):
      if value.isNaN {
        out += "\"NaN\""
      } else if value.isInfinite {
        out += value < 0 ? "\"-Infinity\"" : "\"Infinity\""
      } else if value == value.rounded(), Swift.abs(value) < 1e15 {
        out += String(Int64(value)) + ".0"
      } else {
        out += "\(value)"
      }
    case .string(let value): StringQuoting.appendQuoted(value, to: &out)
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ", " }
        element.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += ", " }
        StringQuoting.appendQuoted(key, to: &out)
        out += ": "
        value.write(to: &out)
      }
      out += "}"
    }
  }

  /// `value` as a JSON string literal, quotes included. Escapes `"`, `\`, and control
  /// characters (as `\n`, `\t`, ... or `\u00XX`); everything else is written as UTF-8.
  public static func quoted(_ value: String) -> String {
    StringQuoting.quoted(value)
  }

  public static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.text == rhs.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
