#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a watch loop (`flint test --watch`, `flint check --watch`) re-runs after a batch of file
/// events: the jobs (suite files, rules files) that read a changed file. Pure, so the loop's
/// logic is testable without blocking on the file system.
package struct WatchPlan: Sendable {
  /// The jobs in the order they first ran.
  package private(set) var jobs: [String] = []
  /// For each job, the files it read on its last run (absolute, normalized), itself included.
  package private(set) var inputs: [String: Set<String>] = [:]

  package init() {}

  /// Records that `job` read `files` on its last run. A job that failed to load keeps the
  /// files it read before (its rules may still be what will fix it), plus the new ones.
  package mutating func record(_ job: String, read files: [String], keepingPrevious: Bool = false) {
    if !jobs.contains(job) { jobs.append(job) }
    var read = Set(files.map(Self.absolute))
    read.insert(Self.absolute(job))
    if keepingPrevious { read.formUnion(inputs[job] ?? []) }
    inputs[job] = read
  }

  /// Every file some job reads.
  package var files: Set<String> { inputs.values.reduce(into: Set()) { $0.formUnion($1) } }

  /// The folders to watch: each file's folder (editors save by deleting or renaming, so a
  /// watch on the file itself would be lost).
  package var folders: Set<String> { Set(files.map(Self.folder)) }

  /// The jobs reading any of `changed` (absolute paths from the events), in run order; empty when
  /// the batch touched nothing any job reads (another file in a watched folder).
  package func jobs(after changed: [String]) -> [String] {
    let touched = Set(changed.map(Self.absolute))
    return jobs.filter { !(inputs[$0] ?? []).isDisjoint(with: touched) }
  }

  /// `path` made absolute against the current directory, then normalized lexically.
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return FilePath.normalized(path) }
    return FilePath.normalized(FileManager.default.currentDirectoryPath + "/" + path)
  }

  static func folder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
