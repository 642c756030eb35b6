import FlintServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `--open`'s child: started with the URL as its one argument, in a process group of its own, and
/// reaped once it exits (a zombie would stay as long as the server runs). A stand-in opener, a
/// shell script that writes down its argument and its process group, plays `xdg-open`.
@Suite("BrowserOpener")
struct BrowserOpenerTests {
  @Test("the opener gets the URL, runs in its own process group, and is reaped when it exits")
  func reaped() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flint-opener-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("opener").path
    let written = folder.appendingPathComponent("seen").path
    try """
    #!/bin/sh
    pgid=$(cut -d' ' -f5 /proc/$$/stat)
    printf '%s\\n%s\\n' "$1" "$pgid" > "\(written).part" && mv "\(written).part" "\(written)"
    """.write(toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)

    let url = "http://127.0.0.1:8080/#token=0123456789abcdef0123456789abcdef"
    // A test running beside this one may have forked while the script was open for writing,
    // and its child holds it open until it execs (ETXTBSY): try again for a moment.
    var started = BrowserOpener.start(script, url)
    for _ in 0..<100 {
      guard case .failure(let failure) = started, failure.message.hasSuffix(String(cString: strerror(ETXTBSY))) else {
        break
      }
      usleep(20_000)
      started = BrowserOpener.start(script, url)
    }
    let child = try started.get()
    #expect(child > 0)
    // Waits (up to 30 s, a bound for a stuck machine, not a timing) for the script to write and
    // then for its process to be gone: a zombie still answers kill(pid, 0).
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: written), Date() < deadline { usleep(10_000) }
    let lines = try String(contentsOfFile: written, encoding: .utf8).split(separator: "\n")
    #expect(lines.first.map(String.init) == url)
    #expect(lines.count == 2 && Int32(lines[1]) == child)
    #expect(Int32(lines.count == 2 ? lines[1] : "") != getpgrp())
    while kill(child, 0) == 0, Date() < deadline { usleep(10_000) }
    #expect(kill(child, 0) == -1 && errno == ESRCH, "the opener's process \(child) was not reaped")
  }

  @Test("an opener that cannot start: a message naming it, no crash")
  func missing() {
    let result = BrowserOpener.start("flint-no-such-opener-\(UUID().uuidString)", "http://127.0.0.1:1/")
    guard case .failure(let failure) = result else {
      Issue.record("a missing opener started")
      return
    }
    #expect(failure.message.hasPrefix("cannot start flint-no-such-opener-"))
  }
}
