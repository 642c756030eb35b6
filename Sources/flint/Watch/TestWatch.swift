import ArgumentParser
import FlintKit

extension Flint.Test {
  /// `--watch`: runs the suites and prints the text report, then waits for changes to their
  /// suite, rules and data files and re-runs the suites reading a changed file, printing only
  /// the cases whose outcome changed and the summary. Ends when the process is stopped.
  func watch(_ files: [String]) throws {
    #if os(Linux)
      let events = try WatchSupport.start()
      var plan = WatchPlan()
      var results: [String: SuiteResult] = [:]
      let runner = SuiteRunner()
      func run(_ jobs: [String]) {
        for file in jobs {
          let read = WatchSupport.ReadFiles()
          // A fresh loader each time: it caches compiled rules by path.
          var loader = SuiteLoader(reader: { path throws(SuiteError) in
            read.paths.append(path)
            return try SuiteFiles.read(path)
          })
          if let database { loader.defaultDatabase = database }
          loader.keepsValidCases = true
          do {
            let suite = try loader.load(file: file)
            if !suite.caseErrors.isEmpty { Output.error(SuiteError.invalidCases(suite.caseErrors).description) }
            results[file] = runner.run(suite)
            plan.record(file, read: read.paths)
          } catch {
            results[file] = nil
            plan.record(file, read: read.paths, keepingPrevious: true)
            Output.error(UsageProblem(error).description)
          }
        }
      }
      func ordered() -> [SuiteResult] { files.compactMap { results[$0] } }

      run(files)
      // Watching before printing: whoever reads the report may change a file at once.
      events.watch(plan.folders)
      Output.out(SuiteReport.text(ordered(), explain: explain))
      while true {
        let jobs = plan.jobs(after: try next(events))
        if jobs.isEmpty { continue }
        let before = ordered()
        WatchSupport.clearScreen()
        run(jobs)
        events.watch(plan.folders)
        Output.out(TestWatchReport.changes(from: before, to: ordered(), explain: explain))
      }
    #else
      throw UsageProblem(printed: WatchSupport.unsupported)
    #endif
  }
}

#if os(Linux)
  /// The next batch of changed paths, or exit 2 when inotify fails.
  func next(_ events: FileEvents) throws -> [String] {
    do {
      return try events.next()
    } catch {
      throw UsageProblem("\(error)")
    }
  }
#endif
