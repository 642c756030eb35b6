import FirestoreModel

/// Conversion between stored Firestore values and rules values.
extension RulesValue {
  /// The rules value a document field reads as: integer → `int`, double → `float`,
  /// geopoint → `latlng`, array → `list`, and a reference → a `path` value
  /// `/databases/<database>/documents/<segments>`.
  package init(firestore value: Value, database: String) {
    switch value {
    case .null: self = .null
    case .boolean(let b): self = .bool(b)
    case .integer(let i): self = .int(i)
    case .double(let d): self = .float(d)
    case .timestamp(let t): self = .timestamp(t)
    case .string(let s): self = .string(s)
    case .bytes(let b): self = .bytes(b)
    case .reference(let path): self = .path(RulesPath(documentPath: path, database: database))
    case .geoPoint(let g): self = .latlng(g)
    case .array(let items): self = .list(items.map { RulesValue(firestore: $0, database: database) })
    case .map(let entries): self = .map(entries.mapValues { RulesValue(firestore: $0, database: database) })
    }
  }

  /// The Firestore value this rules value would be stored as, or nil for values with
  /// no stored form (sets, map diffs, durations, paths outside `/databases/*/documents`).
  package func toFirestoreValue() -> Value? {
    switch self {
    case .null: return .null
    case .bool(let b): return .boolean(b)
    case .int(let i): return .integer(i)
    case .float(let d): return .double(d)
    case .string(let s): return .string(s)
    case .bytes(let b): return .bytes(b)
    case .timestamp(let t): return .timestamp(t)
    case .latlng(let g): return .geoPoint(g)
    case .path(let p): return p.documentPath.map(Value.reference)
    case .list(let items):
      var values: [Value] = []
      for item in items {
        guard let value = item.toFirestoreValue() else { return nil }
        values.append(value)
      }
      return .array(values)
    case .map(let entries):
      var values: [String: Value] = [:]
      for (key, item) in entries {
        guard let value = item.toFirestoreValue() else { return nil }
        values[key] = value
      }
      return .map(values)
    case .set, .mapDiff, .duration: return nil
    }
  }
}

extension RulesPath {
  /// `/databases/<database>/documents/<path segments>`.
  package init(documentPath path: ResourcePath, database: String) {
    self.init(segments: ["databases", database, "documents"] + path.segments)
  }

  /// The part after `/databases/<db>/documents`, or nil when the path is not of that form.
  package var documentPath: ResourcePath? {
    guard segments.count >= 3, segments[0] == "databases", segments[2] == "documents" else { return nil }
    return ResourcePath(segments: Array(segments.dropFirst(3)))
  }
}
