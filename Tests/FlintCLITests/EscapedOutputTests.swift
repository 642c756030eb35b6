import FlintTestSupport
import Foundation
import Testing

/// The hardening gaps an audit found after `flint check` was made safe (issue 12): query
/// files, the REPL, `flint test` and a byte order mark still reached the terminal raw, and
/// query files had no not-text error and no cap.
@Suite("Escaped output beyond flint check")
struct EscapedOutputTests {
  /// A raw control or bidirectional character other than line feed and tab.
  static func hasRaw(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      let value = scalar.value
      if scalar == "\n" || scalar == "\t" { return false }
      return value < 0x20 || (0x7F...0x9F).contains(value) || [0x202E, 0x2066, 0x200F, 0xFEFF].contains(value)
    }
  }

  static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  /// `flint indexes rand.txt` printed 462 lines (243 raw control bytes, ~385 errors) and a plan.
  @Test("flint indexes: a query file of random bytes gets one error with the offset, exit 2, no plan")
  func indexesRandomBytes() throws {
    let box = try Sandbox()
    try box.write("rand.txt", bytes: Self.randomBytes(100_000, seed: 7))
    try box.write("good.txt", "collection(\"posts\").where(\"a\", \"==\", 1).orderBy(\"b\")\n")
    let result = try box.run("indexes", "good.txt", "rand.txt")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr.prefix(500))")
    #expect(result.stderr.hasPrefix("rand.txt:"))
    #expect(result.stderr.contains("error: not UTF-8 text: "))
    #expect(result.stderr.contains(" at byte offset "))
    #expect(!Self.hasRaw(result.stdout + result.stderr))
  }

  @Test("flint indexes: bad query lines are capped at 50 per file and escaped")
  func indexesCapped() throws {
    let box = try Sandbox()
    let bad = (0..<120).map { "collection(\"posts\").where(\u{1}\u{202E}\($0))" }.joined(separator: "\n")
    try box.write("bad.txt", bad + "\ncollection(\"posts\").where(\"a\", \"==\", 1).orderBy(\"b\")\n")
    let result = try box.run("indexes", "bad.txt")
    #expect(result.status == 2)
    #expect(result.stderr.components(separatedBy: ": error: ").count == 51)
    #expect(result.stderr.contains("bad.txt: and 70 more errors\n"))
    #expect(result.stderr.contains("<U+0001>"))
    #expect(!Self.hasRaw(result.stdout + result.stderr))
    // The valid line is still planned (the plan on stderr), but with bad lines no manifest is printed.
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("flint: nothing written"))
  }

  @Test("flint indexes: the user's query text in the plan and --check is escaped")
  func indexesPlanEscaped() throws {
    let box = try Sandbox()
    try box.write("q.txt", "collection(\"p\u{202E}sts\").where(\"a\", \"==\", 1).orderBy(\"b\")\n")
    let plan = try box.run("indexes", "q.txt")
    #expect(plan.status == 0)
    #expect(plan.stderr.contains("p<U+202E>sts"))
    #expect(!Self.hasRaw(plan.stderr))
    let check = try box.run("indexes", "--check", "q.txt")
    #expect(check.status == 1)
    #expect(check.stdout.contains("not served: collection(\"p<U+202E>sts\")"))
    #expect(!Self.hasRaw(check.stdout + check.stderr))
  }

  @Test("flint repl: paths, user names and the echo show the user's characters escaped")
  func replEscapes() throws {
    let box = try Sandbox()
    let script = "get /users/\u{1B}[2Jx\n:as \u{202E}bob\n:data /\u{1B}]0;title\u{7}\n"
    let result = try Self.repl(script, in: box)
    #expect(!Self.hasRaw(result.stdout + result.stderr), "\(result.stdout)")
    #expect(result.stdout.contains("flint(nobody)> get /users/<U+001B>[2Jx\n"))
    #expect(result.stdout.contains("ALLOW get /users/<U+001B>[2Jx"))  // the bundled sample project
    #expect(result.stdout.contains("signed in as <U+202E>bob\n"))
    #expect(result.stdout.contains("flint(<U+202E>bob)> :data"))
  }

  /// 100 KB of random bytes piped in printed 398 KB with 24,038 raw control bytes.
  @Test("flint repl: random bytes piped in print no raw control byte and a bounded transcript")
  func replRandomBytes() throws {
    let box = try Sandbox()
    let bytes = Self.randomBytes(100_000, seed: 11)
    try box.write("rand.bin", bytes: bytes)
    let result = try Self.repl(file: "rand.bin", in: box)
    #expect(!Self.hasRaw(result.stdout + result.stderr))
    #expect(result.stdout.utf8.count < 4 * bytes.count, "\(result.stdout.utf8.count) bytes")
  }

  @Test("flint repl: a 100 KB line is echoed and excerpted cut, not whole")
  func replHugeLine() throws {
    let box = try Sandbox()
    let result = try Self.repl(":as alice " + String(repeating: "\u{1}x", count: 50_000) + "\n", in: box)
    #expect(result.status == 1)
    #expect(result.stdout.utf8.count < 4_000, "\(result.stdout.utf8.count) bytes")
    #expect(result.stdout.contains("more characters)"))
    #expect(!Self.hasRaw(result.stdout))
  }

  @Test("flint repl: :load rules of a file that is not text gets one error")
  func replRulesNotText() throws {
    let box = try Sandbox()
    try box.write("bin.rules", bytes: Array("rules_version = '2';\n".utf8) + [0, 1, 2, 0xFF])
    let result = try Self.repl(":load rules bin.rules\n", in: box)
    #expect(result.stdout.contains("bin.rules:2:1: error: not UTF-8 text: NUL byte at byte offset 21"))
    #expect(result.stdout.components(separatedBy: "error:").count == 2)
  }

  @Test("flint test: case names and values in the text report are escaped")
  func testCaseNames() throws {
    let box = try Sandbox()
    try box.write(
      "firestore.rules",
      "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n"
        + "    match /a/{b} { allow read: if false; }\n  }\n}\n")
    try box.write(
      "ctl.yaml",
      "rules: firestore.rules\ncases:\n  - name: \"a\\u202eb\\e[31m\"\n"
        + "    request: {method: get, path: a/x}\n    expect: allow\n")
    let result = try box.run("test", "ctl.yaml")
    #expect(result.status == 1)
    #expect(result.stdout.contains("ctl.yaml:3: FAIL a<U+202E>b<U+001B>[31m: expected allow, got deny"))
    #expect(!Self.hasRaw(result.stdout + result.stderr))
  }

  @Test("flint check: a byte order mark inside the text is shown as <U+FEFF>, not printed invisible")
  func byteOrderMark() throws {
    let box = try Sandbox()
    // One at the start is dropped when the file is read (TestCommandTests.byteOrderMark); a second is text.
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    try box.write("bom.rules", bytes: bom + Array("rules_version = '2';\n".utf8) + bom + Array("service".utf8))
    let result = try box.run("check", "bom.rules")
    #expect(result.status == 1)
    #expect(result.stdout.contains("unexpected character '<U+FEFF>'"))
    #expect(result.stdout.contains("\n<U+FEFF>service"))
    #expect(!result.stdout.contains("<U+FEFF>rules_version"))
    #expect(!Self.hasRaw(result.stdout))
  }

  @Test("stderr messages quoting a file name escape it")
  func fileNameOnStderr() throws {
    let box = try Sandbox()
    let result = try box.run("check", "missing\u{1B}[2J.rules")
    #expect(result.status == 2)
    #expect(result.stderr.contains("missing<U+001B>[2J.rules"))
    #expect(!Self.hasRaw(result.stderr))
  }

  static func repl(_ script: String, in box: Sandbox) throws -> FlintRunner.Result {
    try box.write("script.txt", script)
    return try repl(file: "script.txt", in: box)
  }

  /// `flint repl` with stdin read from a file in the sandbox (no pipe to fill and deadlock on).
  static func repl(file: String, in box: Sandbox) throws -> FlintRunner.Result {
    guard let executable = FlintRunner.executable else { throw FlintRunner.RunnerError.missingExecutable }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["repl"]
    process.currentDirectoryURL = box.url
    process.standardInput = try FileHandle(forReadingFrom: box.url.appendingPathComponent(file))
    let output = box.url.appendingPathComponent("repl.out")
    let errors = box.url.appendingPathComponent("repl.err")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    return FlintRunner.Result(
      status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
  }
}
