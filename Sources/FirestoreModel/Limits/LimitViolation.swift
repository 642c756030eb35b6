/// One way a document breaks a Firestore limit or naming rule.
package struct LimitViolation: Hashable, Sendable, CustomStringConvertible {
  /// The rule broken.
  package enum Kind: String, Hashable, Sendable {
    case documentSize
    case documentNameSize
    case fieldValueSize
    case indexEntries
    case emptyFieldName
    case reservedFieldName
    case fieldNameSize
    case fieldPathSize
    case nestingDepth
    case nestedArray
    case invalidDocumentPath
    case invalidID
    case subcollectionDepth
  }

  package var kind: Kind
  /// The document the violation is in.
  package var document: ResourcePath
  /// Where in the document, e.g. `address.city` or `tags[3]` (nil for the document itself).
  package var field: String?
  /// What is wrong, with the measured value and the limit.
  package var message: String

  package init(_ kind: Kind, document: ResourcePath, field: String? = nil, message: String) {
    self.kind = kind
    self.document = document
    self.field = field
    self.message = message
  }

  /// `users/alice: field address.city: ...` or `users/alice: ...`.
  package var description: String {
    let place = field.map { "\(document): field \($0): " } ?? "\(document): "
    return place + message
  }
}
