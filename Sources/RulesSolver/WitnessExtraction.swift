import FirestoreModel
import RulesEngine

/// Reads a concrete request and its stored documents out of the solver's model.
struct WitnessExtraction {
  let symbols: RequestSymbols
  var z3: Z3 { symbols.z3 }

  func candidate(allowedBy side: RulesSide) -> Candidate {
    if symbols.service.kind == .storage { return storageCandidate(allowedBy: side) }
    let method = symbols.method
    let segments = symbols.shape.elements.map { element -> String in
      switch element {
      case .literal(let text): text
      case .variable(let term): z3.stringValue(term) ?? "id"
      }
    }
    let documentPath = ResourcePath(segments: segments)
    let path = method == .list ? documentPath.parent : documentPath
    let request = Request(
      method: method, path: path, auth: auth, time: time,
      resourceData: method == .create || method == .update ? fields(of: symbols.written) : nil)
    return Candidate(allowedBy: side, request: request, documents: storedDocuments(except: documentPath))
  }

  /// Who is signed in, in the model.
  var auth: Auth? {
    z3.boolValue(symbols.signedIn) == true
      ? Auth(uid: z3.stringValue(symbols.uid) ?? "user", claims: fields(of: symbols.token)) : nil
  }

  /// `request.time` in the model.
  var time: Timestamp { timestamp(z3.intValue(symbols.time) ?? 0) }

  /// The (default) database's documents the model stores (a Firestore list's own document left out).
  func storedDocuments(except listed: ResourcePath?) -> [Document] {
    var documents: [ResourcePath: Document] = [:]
    for document in symbols.sortedDocuments {
      guard z3.boolValue(document.exists) == true else { continue }
      let full = document.path.map { z3.stringValue($0) ?? "" }
      guard full.count >= 5, full[0] == "databases", full[1] == DatabaseID.default, full[2] == "documents" else {
        continue
      }
      let at = ResourcePath(segments: Array(full.dropFirst(3)))
      if symbols.method == .list && symbols.service.kind == .firestore && at == listed { continue }
      if documents[at] == nil { documents[at] = Document(path: at, fields: fields(of: document.data)) }
    }
    return documents.values.sorted { $0.path < $1.path }
  }

  /// A constraint that rules out this model's request: some input differs.
  func blockingClause() -> Term {
    var inputs: [Term] =
      [symbols.signedIn, symbols.uid, symbols.time] + symbols.shape.variables + symbols.shape.rootVariables
    for document in symbols.sortedDocuments { inputs.append(document.exists) }
    var maps = [symbols.token, symbols.written] + symbols.sortedDocuments.map(\.data)
    if symbols.service.kind == .storage {
      let objects = [symbols.storedObject] + (symbols.uploadedObject.map { [$0] } ?? [])
      for object in objects {
        inputs.append(object.exists)
        inputs += object.terms.keys.sorted().compactMap { object.terms[$0] }
        maps.append(object.metadata)
      }
    }
    var differs: [Term] = []
    for input in inputs {
      if let value = z3.modelValue(input) { differs.append(z3.not(z3.eq(input, value))) }
    }
    for map in maps {
      for field in map.createdFields {
        if let present = z3.modelValue(field.present), let tag = z3.modelValue(field.tag) {
          differs += [z3.not(z3.eq(field.present, present)), z3.not(z3.eq(field.tag, tag))]
        }
        for payload in [field.boolValue, field.intValue, field.stringValue] {
          if let value = z3.modelValue(payload) { differs.append(z3.not(z3.eq(payload, value))) }
        }
      }
    }
    return z3.or(differs)
  }

  /// The fields of `map` the model makes present, with one extra field per key outside the universe.
  func fields(of map: OpenMap) -> [String: Value] {
    var result: [String: Value] = [:]
    for field in map.createdFields where z3.boolValue(field.present) == true {
      result[field.key] = value(of: field)
    }
    let extra = Int(min(3, max(0, z3.intValue(map.others) ?? 0)))
    var counter = 0
    while result.count < map.createdFields.filter({ z3.boolValue($0.present) == true }).count + extra {
      counter += 1
      let key = "extra\(counter)"
      if symbols.universe.contains(key) || result[key] != nil { continue }
      result[key] = map.stringsOnly ? .string("x\(counter)") : .integer(Int64(counter))
    }
    return result
  }

  private func value(of field: DataField) -> Value {
    switch DataType(rawValue: z3.intValue(field.tag) ?? 0) ?? .null {
    case .null: return .null
    case .bool: return .boolean(z3.boolValue(field.boolValue) ?? false)
    case .int: return .integer(z3.intValue(field.intValue) ?? 0)
    case .float: return .double(double(z3.numeralText(field.floatValue) ?? "0"))
    case .string: return .string(z3.stringValue(field.stringValue) ?? "")
    case .timestamp: return .timestamp(timestamp(z3.intValue(field.timestampValue) ?? 0))
    case .map: return .map(fields(of: field.mapValue))
    case .list: return .array([.integer(z3.intValue(field.mapValue.identity) ?? 0)])
    case .other: return .bytes(Array(String(z3.intValue(field.mapValue.identity) ?? 0).utf8))
    }
  }

  /// A real as Z3 prints it (`3`, `-1/2`, `0.25`) as a double.
  private func double(_ text: String) -> Double {
    let parts = text.split(separator: "/")
    if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 {
      return numerator / denominator
    }
    return Double(text.filter { $0 != "?" }) ?? 0
  }

  /// Microseconds since the epoch as a timestamp.
  func timestamp(_ micros: Int64) -> Timestamp {
    var seconds = micros / 1_000_000
    var rest = micros % 1_000_000
    if rest < 0 {
      seconds -= 1
      rest += 1_000_000
    }
    return Timestamp(seconds: seconds, nanos: Int32(rest * 1000))
  }
}

extension Candidate {
  /// Whether a suite can replay it: Firestore refuses a create of a stored document and an update
  /// of a missing one before the rules run.
  package var isReplayable: Bool {
    // Cloud Storage takes an upload over a stored object (the engine decides both readings, F1).
    if service.kind == .storage { return request.method != .update || objects.object(named: objectName) != nil }
    let stored = DocumentStore(documents: documents).document(at: request.path) != nil
    switch request.method {
    case .create: return !stored
    case .update: return stored
    case .get, .list, .delete: return true
    }
  }
}

extension Candidate {
  /// Cloud Storage: the name of the object the request targets (a list: its folder).
  package var objectName: String { request.path.segments.joined(separator: "/") }
}
