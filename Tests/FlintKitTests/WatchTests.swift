import FlintKit
import Foundation
import Testing

/// The watch loop's logic without blocking: which jobs a batch of events re-runs, what is
/// printed after a re-run, and inotify events for editor-style saves.
@Suite struct WatchTests {
  @Test func rerunsTheJobsReadingAChangedFile() {
    var plan = WatchPlan()
    plan.record("/p/a.yaml", read: ["/p/a.yaml", "/p/rules/x.rules", "/p/data.json"])
    plan.record("/p/b.yaml", read: ["/p/b.yaml", "/p/rules/../rules/x.rules"])
    plan.record("/q/c.yaml", read: ["/q/c.yaml", "/q/y.rules"])
    #expect(plan.folders == ["/p", "/p/rules", "/q"])
    #expect(plan.jobs(after: ["/p/rules/x.rules"]) == ["/p/a.yaml", "/p/b.yaml"])
    #expect(plan.jobs(after: ["/p/data.json", "/q/y.rules"]) == ["/p/a.yaml", "/q/c.yaml"])
    #expect(plan.jobs(after: ["/p/b.yaml"]) == ["/p/b.yaml"])
    // Another file in a watched folder (an editor's backup) re-runs nothing.
    #expect(plan.jobs(after: ["/p/.a.yaml.swp", "/p/a.yaml~"]).isEmpty)
  }

  @Test func aSuiteThatFailedToLoadKeepsWatchingWhatItReadBefore() {
    var plan = WatchPlan()
    plan.record("/p/a.yaml", read: ["/p/a.yaml", "/p/x.rules"])
    // The suite was saved half-way: only the suite itself was read this time.
    plan.record("/p/a.yaml", read: ["/p/a.yaml"], keepingPrevious: true)
    #expect(plan.jobs(after: ["/p/x.rules"]) == ["/p/a.yaml"])
    plan.record("/p/a.yaml", read: ["/p/a.yaml", "/p/z.rules"])
    #expect(plan.jobs(after: ["/p/x.rules"]).isEmpty)
  }

  @Test func printsOnlyTheChangedEntries() {
    typealias Entry = WatchChanges.Entry
    let old = [Entry(key: "a", text: ""), Entry(key: "b", text: "fail b"), Entry(key: "c", text: "")]
    let new = [Entry(key: "a", text: ""), Entry(key: "b", text: ""), Entry(key: "d", text: "fail d")]
    let diff = WatchChanges.diff(old: old, new: new)
    #expect(diff.changed == [Entry(key: "b", text: ""), Entry(key: "d", text: "fail d")])
    #expect(diff.gone == ["c"])
  }

  @Test func testReportShowsCasesWhoseOutcomeChanged() throws {
    let passing =
      #"{"rules": "firestore.rules", "cases": [{"name": "alice", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "alice"}}, "expect": "allow"}, {"name": "bob", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "bob"}}, "expect": "deny"}]}"#
    let failing = passing.replacingOccurrences(of: #""expect": "deny""#, with: #""expect": "allow""#)
    let before = SuiteRunner().run(try TestRules.files(passing).load())
    let after = SuiteRunner().run(try TestRules.files(failing).load())
    let report = TestWatchReport.changes(from: [before], to: [after])
    #expect(report.hasPrefix("suite.json:1: FAIL bob: expected allow, got deny\n"))
    #expect(!report.contains("PASS") && !report.contains("FAIL alice"))
    #expect(report.hasSuffix("1 passed, 1 failed\n"))
    #expect(TestWatchReport.changes(from: [after], to: [before]) == "PASS suite.json: bob\n2 passed, 0 failed\n")
    #expect(TestWatchReport.changes(from: [before], to: [before]) == "2 passed, 0 failed\n")
  }

  #if os(Linux)
    @Test func inotifySeesEditorStyleSaves() throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flint-watch-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("x.rules").path
      try "a".write(toFile: file, atomically: false, encoding: .utf8)
      let events = try FileEvents()
      #expect(events.watch([folder.path]).isEmpty)
      // Events are queued by the kernel: each `next` returns at once.
      try "b".write(toFile: file, atomically: true, encoding: .utf8)  // a temporary file renamed over it
      #expect(try events.next(settle: 10).contains(file))
      try FileManager.default.removeItem(atPath: file)
      #expect(try events.next(settle: 10).contains(file))
      try "c".write(toFile: file, atomically: false, encoding: .utf8)
      #expect(try events.next(settle: 10).contains(file))
      #expect(events.watch([folder.path + "/missing"]) == [folder.path + "/missing"])
    }
  #endif
}
