/// `:help` and `:help COMMAND`.
enum ReplHelp {
  static let topics: [(name: String, usage: String, text: String)] = [
    ("get", "get /users/alice", "Reads one document as the current user; prints it when allowed."),
    ("create", "create /posts/p1 {\"title\": \"x\"}", "Creates a document (ALREADY_EXISTS when it exists)."),
    (
      "update", "update /posts/p1 {\"title\": \"y\"}",
      "Merges the fields onto the stored document, as the SDK's update does (\"a.b\" keys set nested fields); request.resource is the merged document. NOT_FOUND when the document is missing."
    ),
    ("set", "set /posts/p1 {...}", "Creates the document, or replaces it whole (an update of every field)."),
    ("delete", "delete /posts/p1", "Deletes a document."),
    (
      "query", "collection(\"posts\").where(\"author\", \"==\", auth.uid).orderBy(\"createdAt\", \"desc\")",
      "Any query DSL line: validity in the SDK's words, the rules proof (rules are not filters) with the filter to add, the results and the billed reads. auth.uid and auth.token.* are the current user."
    ),
    (
      "batch", ":batch … :commit",
      "Queues writes, then decides them all-or-nothing (getAfter sees the whole batch). :abort drops them."
    ),
    (
      "as", ":as alice [{\"admin\": true}] | :as anonymous | :as nobody",
      "Signs in as a user (with custom claims), anonymously, or signs out."
    ),
    ("time", ":time 2024-01-01T00:00:00Z | :time now", "Sets request.time (default 1970-01-01T00:00:00Z)."),
    (
      "var", ":var NAME=VALUE | :var",
      "A value for a name queries use (VALUE is JSON, else a string): proofs and results need every value."
    ),
    ("data", ":data [PATH]", "Shows every document, one document, or one collection's documents."),
    ("load", ":load rules|data|indexes FILE", "Loads a file; on a problem the session keeps what it had."),
    ("explain", ":explain on|off", "Full traces of every sub-expression, or one-line verdicts with the failing part."),
    ("indexes", ":indexes", "The indexes this session's queries need, and whether the manifest serves them."),
    (
      "analyze", ":analyze QUERY",
      "Query Explain's report of a query on the session's data: the indexes used, results returned, reads billed, index entries and documents scanned. The rules are not applied, as Query Explain does not apply them."
    ),
    ("save", ":save indexes FILE", "Writes the manifest merged with the needed indexes (atomically)."),
    ("commit", ":commit on|off", "Whether allowed writes change the session's in-memory data (default on)."),
    ("more", ":more", "The next page of the last query's results."),
    ("history", ":history", "The lines entered in this session."),
    ("help", ":help [COMMAND]", "This help, or one command's."),
    ("quit", ":quit", "Ends the session (Ctrl-D too)."),
  ]

  static func text(_ topic: String?) -> ReplOutcome {
    guard let topic else {
      var out = "Requests and queries need no prefix; meta commands start with ':'.\n"
      let width = topics.map(\.usage.count).filter { $0 <= 44 }.max() ?? 0
      for entry in topics {
        let usage = entry.usage.count > width ? String(entry.usage.prefix(width - 1)) + "…" : entry.usage
        out += "  " + usage.padding(toLength: width) + "  " + firstSentence(entry.text) + "\n"
      }
      return .message(out + "Files are reloaded when they change on disk; writes change only the session's copy.\n")
    }
    let name = topic.hasPrefix(":") ? String(topic.dropFirst()) : topic
    guard let entry = topics.first(where: { $0.name == name }) else {
      return .message("no help for '\(topic)'; :help lists the commands\n", failed: true)
    }
    return .message("\(entry.usage)\n  \(entry.text)\n")
  }
}

/// The text up to its first ". " (without the full stop).
private func firstSentence(_ text: String) -> String {
  let sentence = text.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? text
  return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
}

extension String {
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
