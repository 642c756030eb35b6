/// Values in the protobuf text format the emulator uses for `debug()` output (what a user who
/// calls `debug()` asks for): `string_value: "alice"`, `path_value { segments { simple: "a" } }`.
/// Error messages never use it (a missing `get()` names its path plainly, `Lookups.swift`).
enum ProtoText {
  /// One traced value in protobuf text.
  static func render(_ value: TraceValue) -> String {
    switch value {
    case .value(let value):
      var out = ""
      write(value, to: &out)
      return out
    case .error(let error): return "error: \(quoted(error.message))"
    case .notEvaluated: return "not evaluated"
    }
  }

  private static func write(_ value: RulesValue, to out: inout String) {
    switch value {
    case .null: out += "null_value: NULL_VALUE"
    case .bool(let b): out += "bool_value: \(b)"
    case .int(let i): out += "int_value: \(i)"
    case .float(let f): out += "float_value: \(f)"
    case .string(let s): out += "string_value: \(quoted(s))"
    case .bytes(let bytes): out += "bytes_value: \(quoted(bytes))"
    case .list(let values):
      out += "list_value {"
      writeValues(values, to: &out)
      out += " }"
    case .set(let values):
      out += "set_value {"
      writeValues(values, to: &out)
      out += " }"
    case .map(let map):
      out += "map_value {"
      writeFields(map, to: &out)
      out += " }"
    case .mapDiff(let diff):
      out += "map_diff_value { left {"
      writeFields(diff.left, to: &out)
      out += " } right {"
      writeFields(diff.right, to: &out)
      out += " } }"
    case .path(let path):
      out += "path_value {"
      for segment in path.segments { out += " segments { simple: \(quoted(segment)) }" }
      out += " }"
    case .timestamp(let t): out += "timestamp_value { seconds: \(t.seconds) nanos: \(t.nanos) }"
    case .duration(let d): out += "duration_value { seconds: \(d.seconds) nanos: \(d.nanos) }"
    case .latlng(let point):
      out += "latlng_value { latitude: \(point.latitude) longitude: \(point.longitude) }"
    }
  }

  private static func writeValues(_ values: [RulesValue], to out: inout String) {
    for value in values {
      out += " values { "
      write(value, to: &out)
      out += " }"
    }
  }

  private static func writeFields(_ map: [String: RulesValue], to out: inout String) {
    for key in map.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      out += " fields { key: \(quoted(key)) value { "
      write(map[key]!, to: &out)
      out += " } }"
    }
  }

  /// A protobuf text string literal: `"..."` with C-style escapes.
  static func quoted(_ text: String) -> String {
    quoted(Array(text.utf8), keepUTF8: true)
  }

  private static func quoted(_ bytes: [UInt8], keepUTF8: Bool = false) -> String {
    var out = "\""
    var pending: [UInt8] = []
    func flush() {
      if !pending.isEmpty { out += String(decoding: pending, as: UTF8.self) }
      pending.removeAll()
    }
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""):
        flush()
        out += "\\\""
      case UInt8(ascii: "\\"):
        flush()
        out += "\\\\"
      case UInt8(ascii: "\n"):
        flush()
        out += "\\n"
      case UInt8(ascii: "\r"):
        flush()
        out += "\\r"
      case UInt8(ascii: "\t"):
        flush()
        out += "\\t"
      case 0x20..<0x7F: pending.append(byte)
      case 0x80...0xFF where keepUTF8: pending.append(byte)
      default:
        flush()
        let octal = String(byte, radix: 8)
        out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
      }
    }
    flush()
    return out + "\""
  }
}
