/// Firestore's documented storage sizes ("Storage size calculations"), in bytes.
///
/// - string: UTF-8 bytes + 1 (collection ids, document ids, field names, string values)
/// - document name: the sizes of every collection and document id in the path + 16
/// - values: null 1, boolean 1, integer 8, double 8, timestamp 8, geopoint 16,
///   bytes = byte length, reference = the referenced document's name size,
///   array = sum of element sizes, map = computed like a document's fields + 32
/// - document: name size + sum of (field name size + field value size) + 32
///
/// The docs say a map's size is "calculated the same way as document size"; Flint reads
/// that literally and adds the 32 bytes for every map (the larger, fail-closed reading).
package enum StorageSize {
  /// The extra bytes of a document name.
  package static let documentNameOverhead = 16
  /// The extra bytes of a document (and, in Flint's reading, of every map).
  package static let documentOverhead = 32

  /// UTF-8 length + 1.
  package static func string(_ text: String) -> Int {
    text.utf8.count + 1
  }

  /// Sum of the string sizes of each path segment, + 16.
  package static func documentName(_ path: ResourcePath) -> Int {
    path.segments.reduce(documentNameOverhead) { $0 + string($1) }
  }

  /// The size of one field value.
  package static func value(_ value: Value) -> Int {
    switch value {
    case .null, .boolean: 1
    case .integer, .double, .timestamp: 8
    case .geoPoint: 16
    case .string(let s): string(s)
    case .bytes(let b): b.count
    case .reference(let path): documentName(path)
    case .array(let elements): elements.reduce(0) { $0 + Self.value($1) }
    case .map(let fields): self.fields(fields) + documentOverhead
    }
  }

  /// Sum over fields of field-name size + value size.
  package static func fields(_ fields: [String: Value]) -> Int {
    fields.reduce(0) { $0 + string($1.key) + value($1.value) }
  }

  /// The size of a stored document.
  package static func document(_ document: Document) -> Int {
    documentName(document.path) + fields(document.fields) + documentOverhead
  }
}
