import FirestoreModel
import RulesEngine

/// The start-up screen: what was loaded, the counts, and how to get help.
package enum ReplBanner {
  package static func text(_ session: ReplSession, note: String?) -> String {
    var out = "Flint playground: rules, queries and writes against in-memory data\n"
    if let note { out += "  (\(note))\n" }
    out +=
      "  rules:     " + (session.rules.map { "\($0.file.display), \($0.matchBlocks) match blocks" } ?? "none") + "\n"
    out +=
      "  data:      \(session.dataFile?.display ?? "none"), \(ReplRenderer.count(session.store.count, "document"))\n"
    let indexes = session.indexCount.map { "\($0) composite indexes" } ?? "not read"
    out += "  indexes:   " + (session.indexesFile.map { "\($0.display), \(indexes)" } ?? "none") + "\n"
    let user = ReplShown.clipped(session.userLabel, max: ReplShown.maxUser)
    out += "  signed in: \(session.userLabel == "nobody" ? "nobody (request.auth is null)" : user)"
    out += ", request.time \(session.time.rfc3339)\n"
    if session.database != DatabaseID.default { out += "  database:  \(session.database)\n" }
    out += "Type a request (get /users/alice), a query (collection(\"users\")...), or :help. :quit or Ctrl-D leaves.\n"
    // File names and the user id are the user's text.
    return VisibleText.escapedLines(out)
  }
}

extension ReplSession {
  /// The number of entries in the manifest's `indexes` array (nil when it is not JSON of that shape).
  package var indexCount: Int? {
    guard let bytes = indexesBytes, case .object(let root)? = try? JSONParser.parse(bytes: bytes),
      case .array(let entries)? = root.members.first(where: { $0.key == "indexes" })?.value
    else { return nil }
    return entries.count
  }

  /// Signs in from `--auth` and sets `--time` at start-up (already parsed by the caller).
  package mutating func configure(auth: Auth?, time: Timestamp, variables: [String: Value] = [:]) {
    self.auth = auth
    userLabel = auth?.uid ?? "nobody"
    self.time = time
    self.variables = variables
  }
}
