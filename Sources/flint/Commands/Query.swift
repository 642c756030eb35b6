import ArgumentParser
import FirestoreModel
import FlintKit
import IndexAdvisor
import RulesEngine
import RulesLanguage

extension FlintCommand {
  /// `flint query`: validate, normalize, prove against the rules and run one query; or
  /// decide one single-document request (`get PATH`, `create|update|delete PATH`).
  struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check and run a Firestore query (or a single-document request) against rules and data.",
      discussion: """
        QUERY is query DSL text such as 'collection("posts").where("owner", "==", auth.uid).limit(10)'. \
        Flint reports whether the SDK and backend accept it (with the SDK's message when not), \
        whether the rules allow it (proved from the query's filters: rules are not filters), \
        with the predicate it could not prove and a suggested filter, the normalized orderBy, \
        and the results on --data with the billed reads. The query may use auth.uid, \
        auth.token.<claim>, request.time and --var names; it may be pasted from app code as written \
        (collection(db, "orgs", orgId, "projects"), db.collection(...).whereField(...), \
        FirebaseFirestore.instance.collection(...)). A name nothing binds is an unknown value: \
        validity, order and index are reported without it, but proving the query (--rules) or \
        running it on documents (--data) needs it, and the command then fails naming the --var to \
        pass. Instead of a query, 'get PATH', 'delete PATH', \
        'create PATH', 'set PATH' or 'update PATH' (with --data-json) decides one document request as the \
        SDK sends it: create and set give the whole document, update the fields it changes (merged onto \
        the stored document; "a.b" keys and transforms such as {"__increment__": 1} allowed). An update \
        of a missing document is NOT_FOUND and a create of an existing one ALREADY_EXISTS (exit 1), \
        as Firestore answers before the rules run. \
        Without --rules, the "firestore" rules of firebase.json in the current directory are \
        used when present, and without --indexes its "indexes" manifest: the report names the \
        index the query needs and whether the manifest serves it (else the backend's \
        FAILED_PRECONDITION message with the console link). \
        --analyze prints Query Explain's report instead: the indexes used (as Firestore prints them) and, \
        on --data, the results returned, read operations billed, index entries and documents scanned; \
        --plan the indexes alone. Exit status: 0 valid (and allowed \
        when rules are given, and served when a manifest is), 1 invalid, denied or missing an \
        index (or over --max-reads), 2 usage problem, unreadable or invalid files (rules that do not compile, bad JSON).
        """
    )

    @OptionGroup var options: ProjectOptions

    @OptionGroup var request: RequestOptions

    @Option(name: .long, help: "The project id for create-index links (default: .firebaserc's default).")
    var project: String?

    @Option(
      name: .customLong("data-json"),
      help: "For create/set: the whole document; for update: the fields it changes (JSON object).")
    var dataJSON: String?

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Explanations of a document request: short or full (the whole trace).")
    var explain: ExplainLevel = .short

    @Flag(
      name: .long,
      help:
        "Query Explain with analyze: the indexes used and what running the query on --data scans and bills (results returned, read operations, index entries and documents scanned). The rules are not applied, as Query Explain does not apply them."
    )
    var analyze = false

    @Flag(name: .long, help: "Query Explain without analyze: the indexes the query uses, nothing executed.")
    var plan = false

    @Option(
      name: .customLong("max-reads"),
      help:
        "Exit 1 when the query bills more than N reads on --data (a budget for CI), or did not run (a value missing).")
    var maxReads: Int?

    @Option(
      name: .long,
      help: "COLLECTION=N: count each document of the collection (id) N times in the figures; repeatable.")
    var scale: [String] = []

    @Argument(help: "The query, or get|create|update|set|delete PATH.")
    var words: [String] = []

    func run() throws {
      guard !words.isEmpty else { throw UsageProblem("give a QUERY, or get|create|update|set|delete PATH") }
      let requestTime = try request.requestTime()
      let user = try request.user(at: requestTime)
      let files = try options.files()
      var playground = QueryPlayground(
        ruleset: try files.rules.map(RulesInputs.compile(atPath:)),
        store: try options.data.map { try DataInput.load($0, requestTime: requestTime) } ?? DocumentStore(),
        database: files.database)
      if let (name, manifest) = try loadIndexes(files) {
        playground.indexes = manifest
        playground.indexesName = name
      }
      playground.project = project ?? ProjectID.fromFirebaserc() ?? ProjectID.placeholder
      if let kind = DocumentRequest.Kind(rawValue: words[0]), words.count == 2 {
        try runDocument(kind, playground, user, requestTime)
        return
      }
      guard dataJSON == nil else { throw UsageProblem("--data-json is only for create, update and set") }
      playground.explain = try explainOption()
      playground.scale = try ScaleOption.parse(scale)
      let bound = try request.bindings(at: requestTime)
      let report = playground.run(words.joined(separator: " "), auth: user, time: requestTime, variables: bound)
      if analyze || plan {
        Output.out(
          format == .json
            ? PlaygroundRenderer.explainJSON(report) : VisibleText.escapedLines(PlaygroundRenderer.explainText(report)))
      } else {
        // Text shows the user's query, paths and values: escaped for the terminal.
        Output.out(
          format == .json ? PlaygroundRenderer.json(report) : VisibleText.escapedLines(PlaygroundRenderer.text(report)))
        noteSignedOut(user, denied: report.proof.map { !$0.allowed } ?? false, rules: report.rulesSource)
      }
      var status = analyze || plan ? report.explainExitStatus : report.exitStatus
      if let maxReads {
        if let reads = report.explain?.stats?.readOperations {
          if reads > maxReads {
            Output.error(ExplainRenderer.overBudget(reads: reads, budget: maxReads))
            status = 1
          }
        } else {
          Output.error(
            VisibleText.escaped(
              ExplainRenderer.readsNotComputed(budget: maxReads, missing: report.missingValue), keepingTabs: false))
          status = 1
        }
      }
      if status != 0 { throw ExitCode(status) }
    }

    /// What --plan, --analyze, --max-reads and --scale ask for, checked together.
    private func explainOption() throws(UsageProblem) -> ExplainOption {
      if plan, analyze { throw UsageProblem("--plan and --analyze do not go together (--analyze includes the plan)") }
      if let maxReads, maxReads < 0 { throw UsageProblem("--max-reads needs a number of reads (0 or more)") }
      if plan, maxReads != nil { throw UsageProblem("--max-reads needs the query to run: use --analyze, not --plan") }
      // An empty store bills 1 read whatever the query: a budget needs the documents.
      if maxReads != nil, options.data == nil {
        throw UsageProblem("--max-reads needs --data: the seed documents the query's reads are counted on")
      }
      if !scale.isEmpty, !analyze { throw UsageProblem("--scale is for --analyze: the estimate it prints is scaled") }
      // The ordinary report's reads are Query Explain's without its whole report (QueryPlayground).
      if plan { return .plan }
      return analyze || maxReads != nil ? .analyze : .off
    }

    private func runDocument(
      _ kind: DocumentRequest.Kind, _ playground: QueryPlayground, _ user: Auth?, _ time: Timestamp
    )
      throws
    {
      guard let path = PlaygroundInput.documentPath(words[1]) else {
        throw UsageProblem("'\(words[1])' is not a document path (collection/id, an even number of segments)")
      }
      if analyze || plan || maxReads != nil || !scale.isEmpty {
        throw UsageProblem("--analyze, --plan, --max-reads and --scale are for queries, not document requests")
      }
      if dataJSON != nil, !kind.takesData { throw UsageProblem("--data-json is only for create, update and set") }
      if kind == .update, dataJSON == nil { throw UsageProblem("update needs --data-json: the fields it changes") }
      let document: DocumentRequest
      do {
        document = try DocumentRequest.read(kind, path: path, json: dataJSON, time: time)
      } catch {
        throw UsageProblem("invalid --data-json: \(error.description)")
      }
      if kind != .get, playground.ruleset == nil { throw UsageProblem("a \(kind.rawValue) request needs --rules") }
      let report = playground.run(document, auth: user, time: time)
      if format == .json {
        Output.out(PlaygroundRenderer.json(report))
      } else {
        Output.out(VisibleText.escapedLines(PlaygroundRenderer.text(report, explain: explain)))
      }
      noteSignedOut(user, denied: report.decision.map { !$0.allowed } ?? false, rules: report.rulesSource)
      if options.data == nil, format == .text, report.decision?.trace.lookups.isEmpty == false {
        Output.error(DataInput.noDataNote)
      }
      if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    /// A denied signed-out request whose rules read `request.auth`: most often the user
    /// forgot to sign in, so say how (text mode, on stderr).
    private func noteSignedOut(_ user: Auth?, denied: Bool, rules: SourceFile?) {
      guard user == nil, denied, format == .text, let rules, rules.text.contains("request.auth") else { return }
      Output.error(
        #"flint: note: no --auth was given, so the request is signed out (request.auth is null); sign in with --auth '{"uid": "alice"}'"#
      )
    }

    /// The manifest `files` names, else none.
    private func loadIndexes(_ files: ProjectFiles) throws -> (String, IndexManifest)? {
      // One database without a manifest is common (the report says no manifest was given);
      // with several, say which database's manifest is not used.
      if let note = files.indexesNote, files.severalDatabases { Output.error("flint: note: \(note)") }
      guard let path = files.indexes else { return nil }
      do {
        let read = try ManifestReader.read(bytes: try FileReader.bytes(atPath: path), file: path)
        for warning in read.warnings { Output.error("warning: \(warning)") }
        return (path, read.manifest)
      } catch let problem as UsageProblem {
        throw problem
      } catch {
        throw UsageProblem(printed: "\(error)")
      }
    }
  }
}
