import FirestoreModel

/// A canonical text for a value such that two values get the same key exactly when
/// `Value.compare` says they are equal (`1` and `1.0` share a key; NaN has one key).
/// Used to bucket documents in the in-memory equality indexes.
enum IndexKey {
  static func of(_ value: Value) -> String {
    var out = ""
    append(value, to: &out)
    return out
  }

  static func append(_ value: Value, to out: inout String) {
    switch value {
    case .null: out += "z"
    case .boolean(let b): out += b ? "b1" : "b0"
    case .integer(let i): out += "n\(i)"
    case .double(let d): out += "n" + number(d)
    case .timestamp(let t): out += "t\(t.seconds).\(t.nanos)"
    case .string(let s): out += "s" + StringQuoting.quoted(s)
    case .bytes(let b): out += "x" + b.map(hexByte).joined() + ";"
    case .reference(let p): out += "r" + StringQuoting.quoted(p.segments.joined(separator: "/"))
    case .geoPoint(let g): out += "g" + number(g.latitude) + "," + number(g.longitude)
    case .array(let items):
      out += "["
      for item in items {
        append(item, to: &out)
        out += ","
      }
      out += "]"
    case .map(let entries):
      out += "{"
      for key in Value.sortedKeys(entries) {
        out += StringQuoting.quoted(key) + ":"
        append(entries[key]!, to: &out)
        out += ","
      }
      out += "}"
    }
  }

  /// Integral doubles within Int64 print like integers, so they meet equal integers.
  static func number(_ d: Double) -> String {
    if d.isNaN { return "NaN" }
    if d == 0 { return "0" }
    if d == d.rounded(), d >= -9_223_372_036_854_775_808.0, d < 9_223_372_036_854_775_808.0 {
      return String(Int64(d))
    }
    // The shortest text that reads back as `d`: one text per value.
    return "\(d)"
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
