import FirestoreModel

extension Document {
  /// The value at a field path (maps walked segment by segment), or nil when missing.
  /// `__name__` reads as the document's reference.
  package func queryValue(at field: FieldPath) -> Value? {
    if field.isDocumentID { return .reference(path) }
    guard let first = field.segments.first, var value = fields[first] else { return nil }
    for segment in field.segments.dropFirst() {
      guard case .map(let entries) = value, let next = entries[segment] else { return nil }
      value = next
    }
    return value
  }
}
