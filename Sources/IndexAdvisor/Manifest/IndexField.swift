import FirestoreModel

/// One field of a composite index: a field path and how it is indexed.
package struct IndexField: Hashable, Sendable, CustomStringConvertible {
  package var fieldPath: FieldPath
  package var mode: IndexFieldMode

  package init(_ fieldPath: FieldPath, _ mode: IndexFieldMode) {
    self.fieldPath = fieldPath
    self.mode = mode
  }

  /// The document key (`__name__`) with a direction.
  static func key(_ mode: IndexFieldMode) -> IndexField { IndexField(.documentID, mode) }

  package var isKey: Bool { fieldPath.isDocumentID }

  /// `author ASC`, `tags CONTAINS`.
  package var description: String { "\(fieldPath) \(mode.shortName)" }

  /// The manifest form: `{"fieldPath": "author", "order": "ASCENDING"}`.
  var manifestJSON: JSONValue {
    var object = JSONObject()
    object["fieldPath"] = .string(fieldPath.description)
    let member = mode.manifestMember
    object[member.key] = member.value
    return .object(object)
  }
}
