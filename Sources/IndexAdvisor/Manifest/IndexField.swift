import FirestoreModel

/// One field of a composite index: a field path and how it is indexed.
public struct IndexField: Hashable, Sendable, CustomStringConvertible {
  public var fieldPath: FieldPath
  public var mode: IndexFieldMode

  public init(_ fieldPath: FieldPath, _ mode: IndexFieldMode) {
    self.fieldPath = fieldPath
    self.mode = mode
  }

  /// The document key (`__name__`) with a direction.
  static func key(_ mode: IndexFieldMode) -> IndexField { IndexField(.documentID, mode) }

  public var isKey: Bool { fieldPath.isDocumentID }

  /// `author ASC`, `tags CONTAINS`.
  public var description: String { "\(fieldPath) \(mode.shortName)" }

  /// The manifest form: `{"fieldPath": "author", "order": "ASCENDING"}`.
  var manifestJSON: JSONValue {
    var object = JSONObject()
    object["fieldPath"] = .string(fieldPath.description)
    let member = mode.manifestMember
    object[member.key] = member.value
    return .object(object)
  }
}
