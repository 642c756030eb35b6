import FirestoreModel

/// Tab completion from the loaded data: commands, collection names, document paths and
/// field names.
extension ReplSession {
  /// The characters that end the word being completed.
  package static let wordBreaks = " \t\"'(),"

  /// Candidates for `word`, the text being completed, where `before` is the line up to it.
  package func completions(before: String, word: String) -> [String] {
    let words = before.split(whereSeparator: \.isWhitespace).map(String.init)
    let candidates: [String]
    if words.isEmpty && !before.hasSuffix("(") && !before.hasSuffix("\"") {
      candidates =
        ReplWrite.Kind.allCases.map(\.rawValue) + ReplCommandParser.metaCommands + ["collection", "collectionGroup"]
    } else if words.count == 1, ReplWrite.Kind(rawValue: words[0]) != nil {
      candidates = pathCandidates(word)
    } else if words.count == 1, words[0] == ":data" {
      candidates = pathCandidates(word)
    } else if words.count == 1, words[0] == ":load" {
      candidates = ReplFileKind.allCases.map(\.rawValue)
    } else if words.count == 1, [":explain", ":commit"].contains(words[0]) {
      candidates = ["on", "off"]
    } else if words.count == 1, words[0] == ":as" {
      candidates = ["anonymous", "nobody"] + userIDs
    } else if words.count == 1, words[0] == ":help" {
      candidates = ReplHelp.topics.map(\.name)
    } else if before.hasSuffix("collection(\"") || before.hasSuffix("collectionGroup(\"") {
      candidates = collectionIDs
    } else if before.hasSuffix("\"") {
      candidates = fieldNames
    } else {
      candidates = ["where", "orderBy", "limit", "limitToLast", "startAt", "startAfter", "endAt", "endBefore", "count"]
    }
    return Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted()
  }

  /// Document paths and collection paths (ending in `/`) that extend `word` by one segment.
  private func pathCandidates(_ word: String) -> [String] {
    let slash = word.hasPrefix("/") ? "/" : ""
    var out: [String] = []
    for document in store.documents {
      var segments: [String] = []
      for (index, segment) in document.path.segments.enumerated() {
        segments.append(segment)
        let path = slash + segments.joined(separator: "/") + (index % 2 == 0 ? "/" : "")
        guard path.hasPrefix(word), path != word else { continue }
        if !path.dropFirst(word.count).dropLast().contains("/") { out.append(path) }
      }
    }
    return out
  }

  /// Every collection id in the data (top-level and subcollections).
  var collectionIDs: [String] {
    var ids = Set<String>()
    for document in store.documents {
      for (index, segment) in document.path.segments.enumerated() where index % 2 == 0 { ids.insert(segment) }
    }
    return ids.sorted()
  }

  /// Field names in the data, nested maps as dotted paths.
  var fieldNames: [String] {
    var names = Set<String>()
    func collect(_ fields: [String: Value], prefix: String) {
      for (key, value) in fields {
        names.insert(prefix + key)
        if case .map(let inner) = value, prefix.count < 200 { collect(inner, prefix: prefix + key + ".") }
      }
    }
    for document in store.documents { collect(document.fields, prefix: "") }
    return names.sorted()
  }

  /// Ids of documents in `users` collections, as likely uids.
  private var userIDs: [String] {
    store.documents.filter { $0.path.segments.count == 2 && $0.path.segments[0] == "users" }.map(\.id)
  }
}
