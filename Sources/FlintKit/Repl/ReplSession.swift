import FirestoreModel
import Queries
import RulesEngine
import RulesLanguage

/// An interactive playground session: the rules, the in-memory documents, the index
/// manifest, the current user and time, and the queries run so far. `execute(_:)` runs one
/// input line and returns the text to show; nothing on disk changes except through `:save`.
package struct ReplSession: Sendable {
  package internal(set) var rules: LoadedRules?
  package internal(set) var store = DocumentStore()
  /// Cloud Storage: the objects of the in-memory bucket (what `resource` reads).
  package internal(set) var objects = ObjectStore()
  package internal(set) var dataFile: WatchedFile?
  /// The index manifest (`--indexes`, `:load indexes` or firebase.json's `firestore.indexes`).
  package internal(set) var indexesFile: WatchedFile?
  package internal(set) var indexesBytes: [UInt8]?
  /// The signed-in user (nil: signed out) and how the prompt names them.
  package internal(set) var auth: Auth?
  package internal(set) var userLabel = "nobody"
  /// `request.time`.
  package internal(set) var time = Timestamp(seconds: 0)
  /// Values for names queries use (`:var`, `--var`).
  package internal(set) var variables: [String: Value] = [:]
  /// The database requests go to (`request.path` starts `/databases/<database>/documents`).
  package var database = DatabaseID.default
  /// `:explain on`: the full sub-expression trace instead of one-line verdicts.
  package internal(set) var explain = false
  /// `:commit on|off`: whether allowed writes change the in-memory data.
  package internal(set) var applyWrites = true
  /// The writes queued since `:batch`, or nil outside a batch.
  package internal(set) var batch: [TypedRequest]?
  /// Every line entered, in order.
  package internal(set) var history: [String] = []
  /// The distinct valid queries run this session (what `:indexes` advises on).
  package internal(set) var queries: [NormalizedQuery] = []
  /// The text each of `queries` was written as.
  package internal(set) var queryTexts: [String] = []
  /// Results of the last query not shown yet (`:more`).
  var pendingResults: [Document] = []
  package var style: ReplStyle
  /// Results shown per page.
  package var pageSize = 20

  package init(style: ReplStyle = ReplStyle(colors: false)) {
    self.style = style
  }

  /// `flint(alice)> `, or `flint(alice) batch[2]> ` inside a batch (the user id escaped).
  package var prompt: String {
    let inBatch = batch.map { " batch[\($0.count)]" } ?? ""
    return "flint(\(ReplShown.clipped(userLabel, max: ReplShown.maxUser)))\(inBatch)> "
  }

  /// The prompt and `line`, as a scripted session echoes its input: escaped, and cut after
  /// `ReplShown.maxEchoed` characters.
  package func echo(_ line: String) -> String {
    prompt + ReplShown.clipped(line, max: ReplShown.maxEchoed) + "\n"
  }

  /// Runs one input line: reloads files changed on disk, then parses and runs the command.
  /// The answer is safe for the terminal (`ReplStyle.visible`).
  package mutating func execute(_ line: String) -> ReplOutcome {
    var outcome = ReplOutcome()
    outcome.text += refreshChangedFiles()
    let command: ReplCommand
    do {
      command = try ReplCommandParser.parse(line)
    } catch {
      outcome.parseFailed = true
      outcome.text += ReplRenderer.parseError(error, line: line, style: style)
      outcome.text = style.visible(outcome.text)
      return outcome
    }
    if command != .nothing { history.append(line) }
    run(command, line: line, into: &outcome)
    outcome.text = style.visible(outcome.text)
    return outcome
  }

  mutating func run(_ command: ReplCommand, line: String, into outcome: inout ReplOutcome) {
    if batch != nil, let queued = queueInBatch(command, line: line) {
      outcome.absorb(queued)
      return
    }
    switch command {
    case .nothing: break
    case .request(let kind, let path, let pathColumn, let json, let jsonColumn)
    where rules?.ruleset.service.kind == .storage:
      guard let verb = ObjectVerb(kind) else {
        outcome.absorb(
          .message(
            "Cloud Storage has no '\(kind.rawValue)': use upload, download, list, update or delete\n", failed: true))
        break
      }
      outcome.absorb(
        runObjectRequest(verb, path: path, pathColumn: pathColumn, json: json, jsonColumn: jsonColumn, line: line))
    case .objectRequest(let verb, let path, let pathColumn, let json, let jsonColumn):
      outcome.absorb(
        runObjectRequest(verb, path: path, pathColumn: pathColumn, json: json, jsonColumn: jsonColumn, line: line))
    case .request(let kind, let path, let pathColumn, let json, let jsonColumn):
      switch parseRequest(kind, path: path, pathColumn: pathColumn, json: json, jsonColumn: jsonColumn, line: line) {
      case .success(let typed): outcome.absorb(runRequest(typed))
      case .failure(let error): outcome.absorb(error)
      }
    case .query(let text): outcome.absorb(runQuery(text))
    case .batchBegin:
      batch = []
      outcome.text += "batch started: writes are queued until :commit (:abort drops them)\n"
    case .batchCommit, .batchAbort:
      outcome.text += "not in a batch (start one with :batch)\n"
      outcome.failed = true
    case .asUser(let user, let claims, let column):
      outcome.absorb(signIn(user, claimsJSON: claims, column: column, line: line))
    case .time(let text, let column): outcome.absorb(setTime(text, column: column, line: line))
    case .variable(let text, let column): outcome.absorb(setVariable(text, column: column, line: line))
    case .showData(let path): outcome.text += showData(path)
    case .load(let kind, let path): outcome.absorb(load(kind, path))
    case .explain(let on):
      explain = on
      outcome.text += on ? "explain: full traces\n" : "explain: one-line verdicts\n"
    case .indexes:
      outcome.text += IndexAdvice.report(
        for: Array(zip(queryTexts, queries)), manifest: indexesFile, bytes: indexesBytes, database: database)
    case .analyze(let text): outcome.absorb(analyzeQuery(text))
    case .saveIndexes(let path):
      outcome.text += IndexAdvice.save(
        Array(zip(queryTexts, queries)), manifest: indexesFile, bytes: indexesBytes, to: path)
    case .applyWrites(let on):
      applyWrites = on
      outcome.text +=
        on ? "allowed writes change the session's data\n" : "allowed writes leave the session's data as it is\n"
    case .more: outcome.text += morePage()
    case .history:
      for (index, entry) in history.enumerated() {
        outcome.text += "\(index + 1)  \(ReplShown.clipped(entry, max: ReplShown.maxEchoed))\n"
      }
    case .help(let topic): outcome.absorb(ReplHelp.text(topic))
    case .quit: outcome.quit = true
    }
  }
}

/// What one input line produced.
package struct ReplOutcome: Error, Sendable {
  /// The text to print (ends with a newline unless empty).
  package var text = ""
  /// The line could not be parsed (a malformed command, JSON value or query).
  package var parseFailed = false
  /// The command could not be carried out (a missing file, a bad time, ...).
  package var failed = false
  /// `:quit`.
  package var quit = false

  package init() {}

  mutating func absorb(_ other: ReplOutcome) {
    text += other.text
    parseFailed = parseFailed || other.parseFailed
    failed = failed || other.failed
    quit = quit || other.quit
  }

  static func message(_ text: String, failed: Bool = false, parseFailed: Bool = false) -> ReplOutcome {
    var outcome = ReplOutcome()
    outcome.text = text
    outcome.failed = failed
    outcome.parseFailed = parseFailed
    return outcome
  }
}
