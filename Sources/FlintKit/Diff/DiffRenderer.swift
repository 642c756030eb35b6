import FirestoreModel
import RulesEngine
import RulesSolver

/// `flint diff` output: text for people, JSON for tools. Witnesses are written in the suite
/// format (`request` and seed `data`), so one pasted into a suite reproduces the decision.
package enum DiffRenderer {
  package static func json(_ report: DiffReport) -> String {
    let changes: [JSONValue] = report.changes.map { change in
      .object([
        ("match", .string(change.match)), ("method", .string(change.method.rawValue)),
        ("direction", .string(change.direction)),
        ("witnesses", .array(change.witnesses.map(witness))),
      ])
    }
    let unchanged: [JSONValue] = report.unchanged.map {
      .object([("match", .string($0.match)), ("method", .string($0.method.rawValue))])
    }
    let unsupported: [JSONValue] = report.unsupported.map {
      .object([("line", .int(Int64($0.line))), ("construct", .string($0.construct))])
    }
    let root: JSONValue = .object([
      ("changes", .array(changes)), ("unchanged", .array(unchanged)), ("complete", .bool(report.complete)),
      ("unsupported", .array(unsupported)),
    ])
    return root.text(.pretty) + "\n"
  }

  package static func text(_ report: DiffReport) -> String {
    var out = ""
    for change in report.changes {
      out += "\(change.direction) \(change.method.rawValue) \(change.match)\n"
      for candidate in change.witnesses {
        out +=
          candidate.allowedBy == .new ? "  NEW allows, OLD denies:\n" : "  OLD allows, NEW denies:\n"
        out += "    request: \(request(candidate).text(.spaced))\n"
        if candidate.service.kind == .storage {
          out += "    bucket: \(candidate.request.database)\n"
          if !candidate.objects.isEmpty { out += "    objects: \(objects(candidate).text(.spaced))\n" }
        }
        if !candidate.documents.isEmpty {
          out += "    data: \(TaggedJSONEncoder.encode(documents: candidate.documents).text(.spaced))\n"
        }
      }
    }
    for item in report.unchanged {
      out += "\(item.isProved ? "same" : "no difference found") \(item.method.rawValue) \(item.match)\n"
    }
    if !report.unsupported.isEmpty {
      out += "approximated (an unknown value or a bounded one in the encoding):\n"
      for item in report.unsupported {
        out += "  \(item.side.rawValue.uppercased()) line \(item.line): \(item.construct)\n"
      }
    }
    let count = report.changes.count
    out += "\(count) change\(count == 1 ? "" : "s"), \(report.unchanged.count) unchanged"
    out += report.complete ? " (complete)" : " (incomplete: some constructs were approximated, or the solver gave up)"
    out += report.hasNewAccess ? "; new access: NEW allows requests OLD denies\n" : "; no new access\n"
    return out
  }

  private static func witness(_ candidate: Candidate) -> JSONValue {
    .object(JSONObject([("allowedBy", .string(candidate.allowedBy.rawValue))] + suiteInputs(candidate)))
  }

  /// What a one-case suite needs to replay the witness: `request` and seed `data`, and for Cloud
  /// Storage the suite's `bucket` and stored `objects`.
  package static func suiteInputs(_ candidate: Candidate) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [
      ("request", request(candidate)), ("data", TaggedJSONEncoder.encode(documents: candidate.documents)),
    ]
    if candidate.service.kind == .storage {
      members += [("bucket", .string(candidate.request.database)), ("objects", objects(candidate))]
    }
    return members
  }

  /// The request in the suite format: method, path, auth (with the claims the rules read), time,
  /// data (Cloud Storage: the object name and the uploaded object or changed metadata).
  package static func request(_ candidate: Candidate) -> JSONValue {
    let request = candidate.request
    let storage = candidate.service.kind == .storage
    var members: [(String, JSONValue)] = [
      ("method", .string(request.method.rawValue)),
      ("path", .string(storage ? candidate.objectName : request.path.description)),
    ]
    if let auth = request.auth {
      var user: [(String, JSONValue)] = [("uid", .string(auth.uid))]
      let claims = customClaims(auth)
      if !claims.isEmpty { user.append(("token", .object(TaggedJSONEncoder.encode(fields: claims)))) }
      members.append(("auth", .object(JSONObject(user))))
    }
    members.append(("time", .string(request.time.rfc3339)))
    if let data = request.resourceData {
      members.append(storage ? ("object", objectJSON(data)) : ("data", .object(TaggedJSONEncoder.encode(fields: data))))
    }
    return .object(JSONObject(members))
  }

  /// The stored objects of a Cloud Storage witness, by name, in the suite format.
  private static func objects(_ candidate: Candidate) -> JSONValue {
    .object(JSONObject(candidate.objects.objects.sorted { $0.key < $1.key }.map { ($0.key, objectJSON($0.value)) }))
  }

  /// Object metadata as a Storage suite writes it: numbers for sizes and generations, RFC 3339
  /// text for times, strings for the rest and custom metadata.
  private static func objectJSON(_ fields: [String: Value]) -> JSONValue {
    .object(
      JSONObject(
        fields.sorted { $0.key < $1.key }.map { key, value -> (String, JSONValue) in
          switch value {
          case .integer(let number): (key, .int(number))
          case .timestamp(let time): (key, .string(time.rfc3339))
          case .string(let text): (key, .string(text))
          case .map(let map): (key, objectJSON(map))
          default: (key, .string(""))
          }
        }))
  }

  /// The claims that differ from those a suite fills in itself (`sub`, `user_id`, `firebase`).
  private static func customClaims(_ auth: Auth) -> [String: Value] {
    let standard = Auth(uid: auth.uid).token
    return auth.token.filter { standard[$0.key] != $0.value }
  }
}
