import FirestoreModel

/// Loading the session's files, and reloading them when they change on disk.
extension ReplSession {
  /// Loads the project's files at start-up; returns the messages (diagnostics, problems).
  package mutating func start(with project: ReplProject) -> ReplOutcome {
    var outcome = ReplOutcome()
    database = project.database
    if let problem = project.problem { outcome.absorb(.message(problem + "\n", failed: true)) }
    // The banner names what loaded; only diagnostics and problems are printed here.
    if let file = project.rules { outcome.absorb(loadRules(file, reloading: false).withoutLoadedLine) }
    if let file = project.data { outcome.absorb(loadData(file, reloading: false).withoutLoadedLine) }
    if let file = project.indexes { outcome.absorb(loadIndexes(file, reloading: false).withoutLoadedLine) }
    outcome.text = style.visible(outcome.text)
    return outcome
  }

  /// `:load rules|data|indexes FILE`.
  mutating func load(_ kind: ReplFileKind, _ path: String) -> ReplOutcome {
    let file = WatchedFile(path: path)
    switch kind {
    case .rules: return loadRules(file, reloading: false)
    case .data: return loadData(file, reloading: false)
    case .indexes: return loadIndexes(file, reloading: false)
    }
  }

  /// Reloads every loaded file whose modification time or size changed since it was read.
  mutating func refreshChangedFiles() -> String {
    var text = ""
    if let file = rules?.file, file.changedOnDisk { text += loadRules(file, reloading: true).text }
    if let file = dataFile, file.changedOnDisk { text += loadData(file, reloading: true).text }
    if let file = indexesFile, file.changedOnDisk { text += loadIndexes(file, reloading: true).text }
    return text
  }

  private mutating func loadRules(_ file: WatchedFile, reloading: Bool) -> ReplOutcome {
    let (loaded, diagnostics, unreadable) = ReplFiles.rules(file)
    guard let loaded else {
      var text = diagnostics
      if var kept = rules {
        // Remember the failed version's stamp so it is reported once, not before every command.
        if kept.file.path == file.path { kept.file.stamp = FileStamp.of(file.path) }
        rules = kept
        let problem = unreadable ? "cannot be read" : "does not compile"
        text += "\(file.display) \(problem): keeping the last good rules (\(kept.file.display))\n"
      } else {
        text += "\(file.display) not loaded: no rules in this session\n"
      }
      return .message(text, failed: true)
    }
    rules = loaded
    let verb = reloading ? "reloaded" : "loaded"
    return .message(diagnostics + "rules: \(verb) \(file.display) (\(loaded.matchBlocks) match blocks)\n")
  }

  private mutating func loadData(_ file: WatchedFile, reloading: Bool) -> ReplOutcome {
    switch ReplFiles.data(file, time: time) {
    case .success(let (watched, loaded)):
      dataFile = watched
      store = loaded
      pendingResults = []
      let note = reloading ? " (the session's writes are replaced)" : ""
      return .message(
        "data: \(reloading ? "reloaded" : "loaded") \(file.display) (\(ReplRenderer.count(loaded.count, "document")))\(note)\n"
      )
    case .failure(let error):
      if var kept = dataFile, kept.path == file.path {
        kept.stamp = FileStamp.of(file.path)
        dataFile = kept
      }
      return .message("\(error.message)\ndata: keeping the \(store.count) documents the session has\n", failed: true)
    }
  }

  private mutating func loadIndexes(_ file: WatchedFile, reloading: Bool) -> ReplOutcome {
    switch ReplFiles.indexes(file) {
    case .success(let (watched, bytes)):
      indexesFile = watched
      indexesBytes = bytes
      return .message("indexes: \(reloading ? "reloaded" : "loaded") \(file.display) (\(bytes.count) bytes)\n")
    case .failure(let error):
      if var kept = indexesFile, kept.path == file.path {
        kept.stamp = FileStamp.of(file.path)
        indexesFile = kept
      }
      return .message("\(error.message)\nindexes: keeping what the session has\n", failed: true)
    }
  }
}

extension ReplOutcome {
  /// The outcome without its last line when that line only says a file loaded.
  var withoutLoadedLine: ReplOutcome {
    guard !failed else { return self }
    var copy = self
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    if let last = lines.last, last.contains(": loaded ") { lines.removeLast() }
    copy.text = lines.map { $0 + "\n" }.joined()
    return copy
  }
}
