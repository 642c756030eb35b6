import ArgumentParser
import FlintKit
import RulesLanguage

extension FlintCommand.Check {
  /// `--watch`: checks the files and prints their diagnostics, then re-checks each file when it
  /// changes, printing the diagnostics of the files whose diagnostics changed (each ending with
  /// `FILE: N errors, M warnings`) and, for several files, `total: N errors, M warnings`. Ends
  /// when the process is stopped.
  func watch(_ inputs: [RulesInput]) throws {
    #if os(Linux)
      let events = try WatchSupport.start()
      var plan = WatchPlan()
      var reports: [String: (text: String, errors: Int, warnings: Int)] = [:]
      func run(_ paths: [String]) {
        for input in inputs where paths.contains(input.path) {
          plan.record(input.path, read: [])
          guard let (source, diagnostics) = diagnose(input) else {
            reports[input.path] = ("", 0, 0)
            continue
          }
          reports[input.path] = (
            DiagnosticRenderer.text(diagnostics, in: source, label: input.label),
            diagnostics.count { $0.severity == .error }, diagnostics.count { $0.severity == .warning }
          )
        }
      }
      func entries() -> [WatchChanges.Entry] {
        inputs.compactMap { input in reports[input.path].map { WatchChanges.Entry(key: input.path, text: $0.text) } }
      }
      // Each file's text ends with its own counts; several files add a total.
      func summary() -> String {
        if inputs.count < 2 { return "" }
        let errors = reports.values.reduce(0) { $0 + $1.errors }
        let warnings = reports.values.reduce(0) { $0 + $1.warnings }
        return
          "total: \(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")\n"
      }

      run(inputs.map(\.path))
      // Watching before printing: whoever reads the report may change a file at once.
      events.watch(plan.folders)
      Output.out(entries().map(\.text).joined() + summary())
      while true {
        let jobs = plan.jobs(after: try WatchSupport.next(events))
        if jobs.isEmpty { continue }
        let before = entries()
        WatchSupport.clearScreen()
        run(jobs)
        let diff = WatchChanges.diff(old: before, new: entries())
        Output.out(diff.changed.map(\.text).joined() + summary())
      }
    #else
      throw UsageProblem(printed: WatchSupport.unsupported)
    #endif
  }
}
