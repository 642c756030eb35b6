import FlintKit
import Foundation
import Testing

/// `TestJob.watch`, the loop behind `flint test --watch`, driven by a script of file changes
/// instead of inotify: what it re-runs and what it reports after each change.
@Suite struct TestWatchTests {
  /// Each `next()` makes one change on disk and returns the paths it touched; then the script ends.
  final class ScriptedChanges: FileChanges {
    struct End: Error {}
    var steps: [() throws -> [String]]
    var watched: [Set<String>] = []

    init(_ steps: [() throws -> [String]]) { self.steps = steps }

    func watch(_ folders: Set<String>) -> [String] {
      watched.append(folders)
      return []
    }

    func next() throws -> [String] {
      guard !steps.isEmpty else { throw End() }
      return try steps.removeFirst()()
    }
  }

  @Test func rerunsWhatAChangeTouchesAndReportsWhatChanged() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flint-test-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let rules = folder.appendingPathComponent("firestore.rules").path
    let suite = folder.appendingPathComponent("suite.json").path
    try TestRules.users.write(toFile: rules, atomically: true, encoding: .utf8)
    let cases = #"""
      {"rules": "firestore.rules", "cases": [
        {"name": "alice", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "alice"}}, "expect": "allow"},
        {"name": "bob", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "bob"}}, "expect": "deny"}]}
      """#
    try cases.write(toFile: suite, atomically: true, encoding: .utf8)
    func write(_ text: String, _ path: String) -> () throws -> [String] {
      {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return [path]
      }
    }
    let changes = ScriptedChanges([
      // Every signed-in user may read: bob's case now fails.
      write(TestRules.users.replacingOccurrences(of: "&& request.auth.uid == uid", with: ""), rules),
      // A file no suite reads: nothing runs, nothing is reported.
      write("x", folder.appendingPathComponent("notes.txt").path),
      // The suite saved half-way: the problem, and the report of what remains.
      write("{", suite),
      // The rules restored and the suite fixed: both cases pass again.
      write(TestRules.users, rules), write(cases, suite),
    ])
    var reports: [String] = []
    var problems: [String] = []
    var reruns = 0
    do {
      try TestJob.watch(
        TestJob.Input(files: [suite]), explain: .short, changes: changes, report: { reports.append($0) },
        problem: { problems.append($0.description) }, rerunning: { reruns += 1 })
    } catch {
      #expect(error is ScriptedChanges.End, "\(error)")
    }
    try #require(reports.count == 5, "\(reports)")
    #expect(reports[0].hasSuffix("2 passed, 0 failed\n"), "\(reports[0])")
    #expect(reports[1].contains("FAIL bob: expected deny, got allow"), "\(reports[1])")
    #expect(!reports[1].contains("FAIL alice") && !reports[1].contains("PASS"), "\(reports[1])")
    #expect(reports[1].hasSuffix("1 passed, 1 failed\n"), "\(reports[1])")
    #expect(reports[2].hasPrefix("GONE \(suite): alice\nGONE \(suite): bob\n"), "\(reports[2])")
    // Broken, and still broken when the rules change.
    #expect(problems.count == 2 && problems.allSatisfy { $0.hasPrefix("\(suite):1:") }, "\(problems)")
    // The broken suite still watches the rules it read before, so restoring them re-runs it.
    #expect(reports[3] == reports[2].components(separatedBy: "\n").suffix(2).joined(separator: "\n"), "\(reports[3])")
    #expect(reports[4].hasSuffix("2 passed, 0 failed\n") && reports[4].contains("alice"), "\(reports[4])")
    #expect(reruns == 4)
    // Watched once at the start and again after each re-run (allSatisfy alone passes on none).
    #expect(changes.watched.count == reruns + 1, "\(changes.watched)")
    #expect(changes.watched.allSatisfy { $0 == [folder.path] })
  }
}
