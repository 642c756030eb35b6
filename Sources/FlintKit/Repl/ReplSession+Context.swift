import FirestoreModel
import RulesEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `:as`, `:time` and `:data`: who asks, when, and what is stored.
extension ReplSession {
  /// `:as alice [{claims}]`, `:as anonymous`, `:as nobody`.
  mutating func signIn(_ user: ReplUser, claimsJSON: String?, column: Int, line: String) -> ReplOutcome {
    switch user {
    case .nobody:
      auth = nil
      userLabel = "nobody"
      return .message("signed out: request.auth is null\n")
    case .anonymous:
      let provider: [String: Value] = ["sign_in_provider": .string("anonymous")]
      auth = Auth(uid: "anonymous", claims: ["firebase": .map(provider)])
      userLabel = "anonymous"
      return .message("signed in anonymously: uid anonymous, sign_in_provider anonymous\n")
    case .user(let uid):
      var claims: [String: Value] = [:]
      if let claimsJSON {
        do {
          claims = try PlaygroundInput.fields(claimsJSON, time: time)
        } catch {
          return .message(ReplRenderer.jsonError(error, line: line, column: column, style: style), parseFailed: true)
        }
      }
      auth = Auth(uid: uid, claims: claims)
      userLabel = uid
      let shown = claims.isEmpty ? "" : " with claims \(ReplRenderer.compact(claims))"
      return .message("signed in as \(ReplShown.clipped(uid, max: ReplShown.maxUser))\(shown)\n")
    }
  }

  /// `:time RFC3339` or `:time now`.
  mutating func setTime(_ text: String, column: Int, line: String) -> ReplOutcome {
    if text == "now" {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      time = Timestamp(seconds: Int64(now.tv_sec), nanos: Int32(now.tv_nsec / 1000 * 1000))
    } else {
      do {
        time = try Timestamp(rfc3339: text)
      } catch {
        let problem = ReplParseError(
          "invalid time '\(ReplShown.word(text))': \(error.message) (RFC 3339, or now)", column: column)
        return .message(ReplRenderer.parseError(problem, line: line, style: style), parseFailed: true)
      }
    }
    return .message("request.time = \(time.rfc3339)\n")
  }

  /// `:var NAME=VALUE` binds a value queries use; `:var` alone lists them.
  mutating func setVariable(_ text: String?, column: Int, line: String) -> ReplOutcome {
    guard let text else {
      if variables.isEmpty { return .message("no values bound (:var NAME=VALUE binds one)\n") }
      return .message(
        variables.keys.sorted().map { "\($0) = \(ReplRenderer.compact(variables[$0]!))\n" }.joined())
    }
    do {
      let (name, value) = try PlaygroundInput.variable(text, time: time)
      variables[name] = value
      return .message("\(name) = \(ReplRenderer.compact(value))\n")
    } catch {
      let problem = ReplParseError(
        "invalid :var: \(error.description) (NAME=VALUE, VALUE JSON or a string)", column: column)
      return .message(ReplRenderer.parseError(problem, line: line, style: style), parseFailed: true)
    }
  }

  /// `:data` (every document) or `:data PATH` (one document, or a collection's documents).
  func showData(_ text: String?) -> String {
    guard let text else {
      if store.count == 0 { return "no documents\n" }
      return store.documents.map(ReplRenderer.documentLine).joined() + ReplRenderer.count(store.count, "document")
        + "\n"
    }
    guard let path = ResourcePath(parsing: text), !path.segments.contains(where: \.isEmpty) else {
      return "'\(ReplShown.word(text))' is not a path\n"
    }
    if path.isDocument {
      guard let document = store.document(at: path) else { return "/\(path) does not exist\n" }
      return ReplRenderer.documentLine(document)
    }
    let documents = store.documents(inCollection: path)
    if documents.isEmpty { return "no documents in /\(path)\n" }
    return documents.map(ReplRenderer.documentLine).joined() + ReplRenderer.count(documents.count, "document") + "\n"
  }
}
