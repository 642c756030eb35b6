import Foundation
import Testing

/// `flint check --watch` end to end: the process keeps running and prints what changed after
/// editor-style saves (rename over the file; delete and re-create).
@Suite struct WatchCommandTests {
  static let clean = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /notes/{id} {
          allow read: if request.auth != null;
        }
      }
    }

    """

  static let unusedFunction = clean.replacingOccurrences(
    of: "    match /notes", with: "    function unused() { return true; }\n    match /notes")

  /// Output collected from a pipe as it arrives.
  final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
  }

  /// Waits (at most `seconds`) until `collected` holds `count` occurrences of `needle`.
  static func wait(for needle: String, count: Int = 1, in collected: Collected, seconds: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if collected.text.components(separatedBy: needle).count - 1 >= count { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return false
  }

  #if os(Linux)
    @Test func checkWatchReprintsAfterEachSave() throws {
      let executable = try #require(FlintRunner.executable)
      let box = try Sandbox()
      try box.write("firestore.rules", Self.clean)
      let process = Process()
      process.executableURL = executable
      process.arguments = ["check", "--watch", "firestore.rules"]
      process.currentDirectoryURL = box.url
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      let collected = Collected()
      output.fileHandleForReading.readabilityHandler = { handle in
        let data = handle.availableData
        if data.isEmpty { handle.readabilityHandler = nil } else { collected.append(data) }
      }
      try process.run()
      defer {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      }
      let file = box.url.appendingPathComponent("firestore.rules")

      #expect(Self.wait(for: "0 errors, 0 warnings\n", in: collected), "\(collected.text)")
      #expect(collected.text == "firestore.rules: 0 errors, 0 warnings\n")

      // An editor's save: a new file renamed over the old one.
      try Self.unusedFunction.write(to: file, atomically: true, encoding: .utf8)
      #expect(Self.wait(for: "0 errors, 1 warning\n", in: collected), "\(collected.text)")
      #expect(collected.text.contains("warning: function 'unused' is never called"))

      // Deleted, then re-created: the folder watch sees both.
      try FileManager.default.removeItem(at: file)
      try Self.clean.write(to: file, atomically: false, encoding: .utf8)
      #expect(Self.wait(for: "firestore.rules: 0 errors, 0 warnings\n", count: 2, in: collected), "\(collected.text)")
      #expect(collected.text.hasSuffix("firestore.rules: 0 errors, 1 warning\nfirestore.rules: 0 errors, 0 warnings\n"))

      process.terminate()
      let deadline = Date().addingTimeInterval(10)
      while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
      #expect(!process.isRunning, "SIGTERM did not stop flint check --watch")
      #expect(process.terminationReason == .uncaughtSignal)
    }
  #endif

  @Test func watchNeedsTheTextFormat() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", Self.clean)
    let result = try box.run("check", "--watch", "--format", "json", "firestore.rules")
    #expect(result.status == 2)
    let test = try box.run("test", "--watch", "--coverage", "lcov", "suite.json")
    #expect(test.status == 2)
  }
}
