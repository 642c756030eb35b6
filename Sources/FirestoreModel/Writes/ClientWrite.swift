/// A client write to one document as the SDK sends it, before the server applies it:
/// the document that `request.resource.data` holds is `document(after:)`.
package enum ClientWrite: Sendable {
  /// `set(data)`: the whole document is replaced.
  case set([String: WriteValue])
  /// `set(data, {merge: true})`: maps merge into the stored document, leaves replace.
  case setMerge([String: WriteValue])
  /// `set(data, {mergeFields: [...]})`: only the listed field paths are written, each replaced.
  case setMergeFields([String: WriteValue], [FieldPath])
  /// `update({"a.b": value, ...})`: each field path is replaced; the rest is kept.
  case update([(FieldPath, WriteValue)])

  /// The document after the write, given the stored fields (nil when the document is missing).
  package func document(after stored: [String: Value]?) -> [String: Value] {
    let base = stored ?? [:]
    switch self {
    case .set(let data):
      return WriteValue.fields(data, mergedInto: [:], deep: false)
    case .setMerge(let data):
      return WriteValue.fields(data, mergedInto: base, deep: true)
    case .setMergeFields(let data, let paths):
      var result = base
      for path in paths {
        let write = Self.write(at: path.segments[...], in: data)
        Self.assign(write?.replacing(Self.value(at: path.segments[...], in: base)), at: path.segments[...], in: &result)
      }
      return result
    case .update(let changes):
      var result = base
      for (path, write) in changes {
        Self.assign(
          write.replacing(Self.value(at: path.segments[...], in: result)), at: path.segments[...], in: &result)
      }
      return result
    }
  }

  /// The stored value at a field path, if any.
  static func value(at path: ArraySlice<String>, in fields: [String: Value]) -> Value? {
    guard let first = path.first, let value = fields[first] else { return nil }
    if path.count == 1 { return value }
    guard case .map(let inner) = value else { return nil }
    return Self.value(at: path.dropFirst(), in: inner)
  }

  /// The write at a field path of set data, if any.
  package static func write(at path: ArraySlice<String>, in data: [String: WriteValue]) -> WriteValue? {
    guard let first = path.first, let write = data[first] else { return nil }
    if path.count == 1 { return write }
    guard case .map(let inner) = write else { return nil }
    return Self.write(at: path.dropFirst(), in: inner)
  }

  /// Sets (or, for nil, removes) the value at a field path, creating intermediate maps and
  /// replacing a non-map value on the way.
  static func assign(_ value: Value?, at path: ArraySlice<String>, in fields: inout [String: Value]) {
    guard let first = path.first else { return }
    if path.count == 1 {
      fields[first] = value
      return
    }
    var inner: [String: Value]
    if case .map(let existing)? = fields[first] {
      inner = existing
    } else {
      guard value != nil else { return }
      inner = [:]
    }
    assign(value, at: path.dropFirst(), in: &inner)
    fields[first] = .map(inner)
  }
}
