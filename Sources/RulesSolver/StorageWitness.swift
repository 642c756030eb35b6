import FirestoreModel
import RulesEngine

/// A Cloud Storage witness out of the solver's model: the object name and bucket, who asks and
/// when, the uploaded object (create) or the changed metadata (update), the stored object and
/// the Firestore documents `firestore.get()` reads.
extension WitnessExtraction {
  func storageCandidate(allowedBy side: RulesSide) -> Candidate {
    let method = symbols.method
    let segments = symbols.shape.elements.map { element -> String in
      switch element {
      case .literal(let text): text
      case .variable(let term): z3.stringValue(term) ?? "x"
      }
    }
    let bucket = z3.stringValue(symbols.shape.rootTerms[1]) ?? "bucket"
    var data: [String: Value]?
    if let upload = symbols.uploadedObject {
      // An update sends only the fields it changes; the rest come from the stored object.
      let sent = method == .update ? ObjectSymbol.patchable : Set(upload.terms.keys).union(["metadata"])
      data = objectFields(upload).filter { sent.contains($0.key) }
    }
    let request = Request(
      method: method, path: ResourcePath(segments: segments), database: bucket, auth: auth, time: time,
      resourceData: data)
    var objects = ObjectStore()
    let stored = symbols.storedObject
    if method != .list, z3.boolValue(stored.exists) == true {
      objects.objects[segments.joined(separator: "/")] = objectFields(stored)
    }
    return Candidate(
      allowedBy: side, request: request, documents: storedDocuments(except: nil), objects: objects,
      service: symbols.service)
  }

  /// An object's fields in the model (`name` and `bucket` come from the path).
  private func objectFields(_ object: ObjectSymbol) -> [String: Value] {
    var fields: [String: Value] = ["metadata": .map(fields(of: object.metadata))]
    for (key, term) in object.terms {
      switch ObjectSymbol.types[key] {
      case "int": fields[key] = .integer(z3.intValue(term) ?? 0)
      case "timestamp": fields[key] = .timestamp(timestamp(z3.intValue(term) ?? 0))
      default: fields[key] = .string(z3.stringValue(term) ?? "")
      }
    }
    return fields
  }
}
