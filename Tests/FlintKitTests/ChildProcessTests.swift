import Testing

@testable import FlintKit

/// `ChildProcess` (what `flint diff git:REF:path` runs `git show` with): both pipes drained, the
/// exit status kept, and a child that prints past the limit killed rather than read forever.
@Suite("ChildProcess")
struct ChildProcessTests {
  @Test("standard output and error apart, and the exit status")
  func outputErrorsAndStatus() throws {
    let finished = try ChildProcess.run(["sh", "-c", "echo out; echo err >&2; exit 3"], limit: 1 << 20)
    #expect(String(decoding: finished.output, as: UTF8.self) == "out\n")
    #expect(String(decoding: finished.errors, as: UTF8.self) == "err\n")
    #expect(finished.status == 3)
  }

  @Test("a child that prints without end is killed once past the limit")
  func killedPastTheLimit() throws {
    let finished = try ChildProcess.run(["yes"], limit: 100_000)
    #expect(finished.output.count > 100_000)
    #expect(finished.status == 128 + 9)
  }

  @Test("a program that does not exist is a launch error, not a crash")
  func missingProgram() {
    #expect(throws: ChildProcess.LaunchError.self) {
      try ChildProcess.run(["flint-no-such-program"], limit: 1024)
    }
  }
}
