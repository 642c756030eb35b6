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
    .object([
      ("allowedBy", .string(candidate.allowedBy.rawValue)), ("request", request(candidate)),
      ("data", TaggedJSONEncoder.encode(documents: candidate.documents)),
    ])
  }

  /// The request in the suite format: method, path, auth (with the claims the rules read), time, data.
  package static func request(_ candidate: Candidate) -> JSONValue {
    let request = candidate.request
    var members: [(String, JSONValue)] = [
      ("method", .string(request.method.rawValue)), ("path", .string(request.path.description)),
    ]
    if let auth = request.auth {
      var user: [(String, JSONValue)] = [("uid", .string(auth.uid))]
      let claims = customClaims(auth)
      if !claims.isEmpty { user.append(("token", .object(TaggedJSONEncoder.encode(fields: claims)))) }
      members.append(("auth", .object(JSONObject(user))))
    }
    members.append(("time", .string(request.time.rfc3339)))
    if let data = request.resourceData { members.append(("data", .object(TaggedJSONEncoder.encode(fields: data)))) }
    return .object(JSONObject(members))
  }

  /// The claims that differ from those a suite fills in itself (`sub`, `user_id`, `firebase`).
  private static func customClaims(_ auth: Auth) -> [String: Value] {
    let standard = Auth(uid: auth.uid).token
    return auth.token.filter { standard[$0.key] != $0.value }
  }
}
