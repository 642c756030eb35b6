extension TestJob {
  /// `flint test --watch`: runs `input`'s suites and reports the text report, then waits for
  /// changes to their suite, rules and data files and re-runs the suites that read a changed
  /// file, reporting only the cases whose outcome changed and the summary. Ends only when
  /// `changes` throws (the CLI's inotify failing, a test's script running out).
  ///
  /// - `report` hears each report (stdout); `problem` each suite that cannot be loaded and each
  ///   suite's unreadable cases (stderr), as `run` does; `rerunning` is called before each re-run
  ///   (the CLI clears a terminal there).
  package static func watch(
    _ input: Input, explain: ExplainLevel, changes: some FileChanges, report: (String) -> Void,
    problem: (SuiteError) -> Void, rerunning: () -> Void = {}
  ) throws -> Never {
    var plan = WatchPlan()
    var results: [String: SuiteResult] = [:]
    let runner = SuiteRunner()
    func run(_ files: [String]) {
      for file in files {
        let read = ReadFiles()
        // A fresh loader each time: it caches compiled rules by path.
        var loader = SuiteLoader(reader: { path throws(SuiteError) in
          read.paths.append(path)
          return try SuiteFiles.read(path)
        })
        if let database = input.defaultDatabase { loader.defaultDatabase = database }
        loader.keepsValidCases = true
        do {
          let suite = try loader.load(file: file)
          if !suite.caseErrors.isEmpty { problem(.invalidCases(suite.caseErrors)) }
          results[file] = runner.run(suite)
          plan.record(file, read: read.paths)
        } catch {
          results[file] = nil
          plan.record(file, read: read.paths, keepingPrevious: true)
          problem(error)
        }
      }
    }
    func ordered() -> [SuiteResult] { input.files.compactMap { results[$0] } }

    run(input.files)
    // Watching before reporting: whoever reads the report may change a file at once.
    changes.watch(plan.folders)
    report(SuiteReport.text(ordered(), explain: explain))
    while true {
      let files = plan.jobs(after: try changes.next())
      if files.isEmpty { continue }
      let before = ordered()
      rerunning()
      run(files)
      changes.watch(plan.folders)
      report(TestWatchReport.changes(from: before, to: ordered(), explain: explain))
    }
  }

  /// The files a suite loader read, in order (the loader's reader runs on the calling thread).
  private final class ReadFiles: @unchecked Sendable {
    var paths: [String] = []
  }
}
