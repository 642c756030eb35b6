/// The protobuf bytes of a `google.firestore.admin.v1.Index` message, as the console link's
/// `create_composite` parameter carries it (query-semantics §6.6): field 1 `name`, field 2
/// `query_scope`, field 3 repeated `fields` (1 `field_path`, 2 `order` | 3 `array_config`).
enum IndexProto {
  static func encode(name: String, scope: IndexScope, fields: [IndexField]) -> [UInt8] {
    var out: [UInt8] = []
    appendBytes(field: 1, Array(name.utf8), to: &out)
    appendVarint(field: 2, scope.protoValue, to: &out)
    for field in fields {
      var message: [UInt8] = []
      appendBytes(field: 1, Array(field.fieldPath.description.utf8), to: &message)
      switch field.mode {
      case .ascending: appendVarint(field: 2, 1, to: &message)
      case .descending: appendVarint(field: 2, 2, to: &message)
      case .contains: appendVarint(field: 3, 1, to: &message)
      case .vector, .search: break
      }
      appendBytes(field: 3, message, to: &out)
    }
    return out
  }

  private static func appendVarint(field: UInt64, _ value: UInt64, to out: inout [UInt8]) {
    varint(field << 3, to: &out)
    varint(value, to: &out)
  }

  private static func appendBytes(field: UInt64, _ bytes: [UInt8], to out: inout [UInt8]) {
    varint(field << 3 | 2, to: &out)
    varint(UInt64(bytes.count), to: &out)
    out += bytes
  }

  private static func varint(_ value: UInt64, to out: inout [UInt8]) {
    var v = value
    while v >= 0x80 {
      out.append(UInt8(v & 0x7F) | 0x80)
      v >>= 7
    }
    out.append(UInt8(v))
  }
}
