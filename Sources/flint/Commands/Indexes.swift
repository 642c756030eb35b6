import ArgumentParser
import FirestoreModel
import FlintKit
import IndexAdvisor
import SourceQueries

extension FlintCommand {
  /// `flint indexes`: the composite indexes and field overrides a workload of queries needs,
  /// checked against and merged into `firestore.indexes.json`.
  struct Indexes: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Plan firestore.indexes.json for a workload of queries (check, merge, prune).",
      discussion: """
        Each QUERYFILE holds one query DSL line per query (such as \
        'collection("posts").where("author", "==", auth.uid).orderBy("createdAt", "desc')), \
        '#' comments and optional trailing '@weight N' (how often it runs) and '@max-reads N' \
        (the most reads it may bill on the seed data, checked by --reads). Flint computes \
        the index each query needs, which the existing manifest already serves (automatic \
        single-field indexes, index merging, composite indexes), and the fewest composite \
        indexes and field overrides to add within --limit and --override-limit. The merged \
        manifest keeps every existing entry (unknown keys included) unless --prune removes \
        indexes no query uses; it goes to stdout (the plan to stderr), or atomically to --out \
        (the plan to stdout). Without --existing, the "indexes" file of firebase.json is read. \
        A manifest that already holds more composite indexes than --limit (or overrides than \
        --override-limit) gets nothing added of that kind; the plan and stderr say so. \
        A query line that fails to parse stops the writing: the plan for the other lines is \
        printed, and no manifest is written or printed and nothing is pruned. --prune removes only \
        indexes no query of the files could use (as its own index or a merge member). \
        A PATH may also be app source: \(SourceFolderWalker.languageList) files (\(Self.extensionList)) or folders \
        (walked recursively, skipping \(Self.list(SourceFolderWalker.skippedFolders.sorted())), what the top-level \
        .gitignore ignores and --exclude globs); their Firestore queries are found statically (--list-queries \
        prints them). \(Self.skipText) \
        A query Firestore refuses (two array-contains filters) is an error at its place with the SDK's message; \
        the others are still planned. A query Flint cannot resolve (a field from user input) is listed as \
        unresolved, never guessed (the first \(SourceFindingsRenderer.unresolvedShownByDefault) and a count; \
        --show-unresolved all lists them): --check fails on it unless --allow-unresolved, and nothing is pruned. \
        --reads --data FILE prints instead what each query bills on the seed documents (Query \
        Explain's read operations, --scale COLLECTION=N to count each document N times), most \
        first, with the total weighted by @weight; a query naming a value nothing binds (auth.uid \
        without --auth, a variable without --var NAME=VALUE) is not computed and fails its @max-reads. \
        Exit status: 0 done; 1 when a query is over its @max-reads (--reads), when the manifest is over --limit \
        or --override-limit, when Firestore refuses a source query, or with --check when a query is not served \
        by the existing manifest (or is unresolved); 2 usage problems, unreadable or invalid files, bad query lines.
        """
    )

    @Option(name: .long, help: "The existing manifest (default: firebase.json's \"indexes\", if any).")
    var existing: String?

    @Option(name: .long, help: "Write the merged manifest to this file, atomically.")
    var out: String?

    // `.unconditional`: `--limit -1` reaches `Budget.value(for:)` instead of ArgumentParser taking
    // `-1` for an option and reporting a missing value.
    @Option(
      name: .long, parsing: .unconditional,
      help: "Composite indexes allowed in the whole manifest (200 without billing, 1000 with).")
    var limit = Budget(200)

    @Option(
      name: .customLong("override-limit"), parsing: .unconditional,
      help: "Field overrides allowed in the whole manifest.")
    var overrideLimit = Budget(200)

    @Flag(name: .long, help: "Only check: exit 1 when the existing manifest does not serve a query; write nothing.")
    var check = false

    @Flag(name: .long, help: "Remove existing composite indexes that no query of the files could use.")
    var prune = false

    @Flag(name: .long, help: "Stop at the first bad query line.")
    var strict = false

    @Option(
      name: .long,
      help:
        "The database id (default: (default), else firebase.json's only database); selects its manifest in a multi-database firebase.json."
    )
    var database: String?

    @Option(name: .long, help: "Output format of the plan: text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Skip source files and folders matching this glob (repeatable).")
    var exclude: [String] = []

    @Flag(name: .customLong("list-queries"), help: "Print the queries found in the PATHs instead of a plan.")
    var listQueries = false

    @Flag(
      name: .customLong("allow-unresolved"), help: "With --check: do not fail on source queries Flint cannot resolve.")
    var allowUnresolved = false

    @Option(
      name: .customLong("show-unresolved"),
      help: "How many unresolved source queries to list (a number, or all); a count line says how many more.")
    var showUnresolved = UnresolvedShown.first(SourceFindingsRenderer.unresolvedShownByDefault)

    @Flag(
      name: .customLong("include-all"),
      help:
        "Also read the source files skipped by default as not the app's own: bundles, vendored, generated, tests, backups."
    )
    var includeAll = false

    @Flag(
      name: .long,
      help:
        "Print each query's reads on --data (Query Explain's read operations), most first, and the total weighted by @weight; exit 1 when a query is over its @max-reads."
    )
    var reads = false

    @Option(
      name: .long, help: "With --reads: the seed documents the queries run on (tagged JSON or Firestore REST JSON).")
    var data: String?

    @Option(
      name: .long,
      help: "With --reads: COLLECTION=N counts each document of the collection (id) N times; repeatable.")
    var scale: [String] = []

    @Option(
      name: .long,
      help:
        #"With --reads: the user auth.uid and auth.token stand for ({"uid": "alice"}); without it a query naming them is not computed."#
    )
    var auth: String?

    @Option(
      name: .customLong("var"),
      help:
        "With --reads: a value for a name the queries use (orgId=acme); VALUE is JSON, or else a string. Repeatable.")
    var variables: [String] = []

    @Argument(help: "Workload files (one query per line), or app source files and folders.")
    var queryFiles: [String] = []

    func validate() throws {
      guard !queryFiles.isEmpty else { throw ValidationError("give at least one QUERYFILE (one query per line)") }
      if listQueries, check || out != nil {
        throw ValidationError("--list-queries prints the queries only; leave out --check and --out")
      }
      if reads {
        guard data != nil else { throw ValidationError("--reads needs --data: the seed documents the queries run on") }
        if check || out != nil || prune {
          throw ValidationError("--reads prints reads only; leave out --check, --out and --prune")
        }
      } else if data != nil || !scale.isEmpty || auth != nil || !variables.isEmpty {
        throw ValidationError("--data, --scale, --auth and --var are for --reads")
      }
      _ = try limit.value(for: .composite)
      _ = try overrideLimit.value(for: .overrides)
      if check, out != nil { throw ValidationError("--check writes nothing; leave out --out") }
    }

    func run() throws {
      let task = try task()
      let paths = try IndexInputs.classify(queryFiles, excludes: exclude, readsAll: includeAll)
      var input = IndexesJob.Input(
        queryFiles: try paths.workloads.map { ($0, try FileReader.bytes(atPath: $0)) },
        existing: listQueries ? nil : try existingManifest(),
        options: PlanOptions(
          compositeLimit: try limit.value(for: .composite), overrideLimit: try overrideLimit.value(for: .overrides),
          prune: prune),
        strict: strict,
        sourceFiles: try paths.sources.map { ($0, try FileReader.bytes(atPath: $0)) })
      input.skippedSources = paths.skipped
      input.readsAllSources = includeAll
      input.format = format == .json ? .json : .text
      input.unresolvedShown = showUnresolved.count
      input.task = task
      // request.time stays unbound: a workload's query naming it is not computed.
      let epoch = Timestamp(seconds: 0)
      input.bindings = try RequestOptions.bindings(variables, at: epoch)
      if let auth, let user = try RequestOptions.user(auth, at: epoch) {
        input.bindings["request.auth"] = PlaygroundInput.authBinding(user)
      }
      let output = IndexesJob.run(input)
      if let manifest = output.manifestToWrite, let out {
        do {
          try AtomicFile.write(manifest, to: out)
        } catch {
          throw UsageProblem(error.message)
        }
      }
      for printed in output.printed {
        switch printed.stream {
        case .out: Output.out(printed.text)
        case .error: Output.error(printed.text)
        }
      }
      if output.status != .success { throw ExitCode(output.status.rawValue) }
    }

    /// What the options ask the job for; `--out` is checked writable before any work.
    private func task() throws -> IndexesJob.Task {
      if listQueries { return .listQueries }
      if check { return .check(allowUnresolved: allowUnresolved) }
      if reads, let data {
        return .reads(store: try DataInput.load(data), scale: try ScaleOption.parse(scale))
      }
      if let out {
        do {
          try AtomicFile.checkWritable(out)
        } catch {
          throw UsageProblem(error.message)
        }
      }
      return .plan(out: out)
    }

    private func existingManifest() throws -> (name: String, bytes: [UInt8])? {
      let files: ProjectFiles
      do {
        files = try ProjectFiles.resolve(
          rules: nil, indexes: existing, database: database, needsRules: false, manifestOption: "--existing")
      } catch {
        throw UsageProblem(error.message)
      }
      if let note = files.databaseNote { Output.error("flint: note: \(note)") }
      if let note = files.indexesNote { Output.error("flint: note: \(note)") }
      guard let path = files.indexes else { return nil }
      return (path, try FileReader.bytes(atPath: path))
    }

    /// `ts, tsx, vue, ...`: every extension read.
    static var extensionList: String {
      SourceLanguage.allCases.flatMap(\.extensions).map { "." + $0 }.joined(separator: " ")
    }

    static func list(_ items: [String]) -> String { items.joined(separator: ", ") }

    /// The default skips, worded from `AppSourceFilter`'s own lists.
    static var skipText: String {
      typealias Filter = AppSourceFilter
      return """
        Files that are not the app's own source are skipped and counted in one note (--include-all reads them): \
        bundled or minified (folders \(list(Filter.bundledFolders)); names ending \(list(Filter.bundledSuffixes)); \
        names with a content hash in \(list(Filter.assetFolders)); a sourceMappingURL comment; most of the text on \
        lines over \(Filter.longLine) characters), vendored (folders \(list(Filter.vendoredFolders)); names starting \
        \(list(Filter.vendoredPrefixes))), generated (names ending \(list(Filter.generatedSuffixes)); folders \
        \(list(Filter.generatedFolders)); a comment in the first lines saying \(list(Filter.generatedMarkers))), \
        tests (folders \(list(Filter.testFolders)) and any ending in Tests; names with .test. or .spec. or ending \
        \(list(Filter.testSuffixes))) and backup copies (names with \(list(Filter.backupMarkers.map { "'\($0)'" }))).
        """
    }
  }
}

/// `--show-unresolved`: a number of unresolved queries to list, or `all`.
enum UnresolvedShown: ExpressibleByArgument {
  case first(Int)
  case all

  init?(argument: String) {
    if argument == "all" {
      self = .all
    } else if let count = Int(argument), count >= 0 {
      self = .first(count)
    } else {
      return nil
    }
  }

  var defaultValueDescription: String {
    switch self {
    case .first(let count): String(count)
    case .all: "all"
    }
  }

  /// How many to list; nil: all.
  var count: Int? {
    switch self {
    case .first(let count): count
    case .all: nil
    }
  }
}
