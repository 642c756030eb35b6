import FlintTestSupport
import Foundation
import Testing

/// Garbage given to `flint check` gets a short, safe answer (issue 12): one error for a file
/// that is not text, at most 50 diagnostics per file, and the user's control and
/// bidirectional characters shown escaped.
@Suite("Bounded output")
struct BoundedOutputTests {
  /// 100 KB of random bytes printed 83 KB of diagnostics (78 errors, raw bytes included).
  @Test("random bytes: exit 1, one error naming the file and the offset, under 1 KB")
  func randomBytes() throws {
    var generator = SplitMix64(seed: 12)
    let bytes = (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let box = try Sandbox()
    try box.write("random.rules", bytes: bytes)
    let result = try box.run("check", "random.rules")
    #expect(result.status == 1)
    #expect(result.stdout.utf8.count < 1024, "\(result.stdout.utf8.count) bytes")
    #expect(result.stdout.components(separatedBy: "error:").count == 2)
    #expect(result.stdout.contains("random.rules:"))
    #expect(result.stdout.contains("at byte offset"))
    #expect(result.stdout.contains("[source.not-text]"))
    #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
  }

  @Test("a NUL byte makes a file not text, at its offset")
  func nulByte() throws {
    let box = try Sandbox()
    try box.write("nul.rules", bytes: Array("rules_version = '2';\n".utf8) + [0] + Array("service x {}".utf8))
    let result = try box.run("check", "nul.rules")
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("nul.rules:2:1: error: not UTF-8 text: NUL byte at byte offset 21"))
    #expect(result.stdout.hasSuffix("nul.rules: 1 error, 0 warnings\n"))
  }

  @Test("diagnostics per file are capped at 50, then one line counts the rest")
  func cappedDiagnostics() throws {
    let box = try Sandbox()
    let body = (0..<120).map { "    match /c\($0)/{d} { allow read: if undefined\($0); }" }.joined(separator: "\n")
    try box.write(
      "many.rules",
      "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n\(body)\n  }\n}\n")
    // --strict: undefined names are errors (otherwise warnings, as Google's compiler has them).
    let result = try box.run("check", "--strict", "many.rules")
    #expect(result.status == 1)
    #expect(result.stdout.components(separatedBy: ": error: ").count == 51)
    #expect(result.stdout.contains("many.rules: and 70 more errors\n"))
    #expect(result.stdout.hasSuffix("many.rules: 120 errors, 0 warnings\n"))
    let json = try box.run("check", "--strict", "--format", "json", "many.rules")
    #expect(json.stdout.components(separatedBy: "\"severity\"").count == 51)
    #expect(json.stdout.contains("\"omitted\": 70"))
  }

  /// Trojan Source: U+202E in a comment must be shown, not obeyed by the terminal.
  @Test("a rules file containing U+202E shows it escaped")
  func bidiOverride() throws {
    let box = try Sandbox()
    try box.write(
      "trojan.rules",
      "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n"
        + "    match /a/{b} { allow read: if isAdmin /*\u{202E} } \u{2066}*/; }\n  }\n}\n")
    let result = try box.run("check", "--strict", "trojan.rules")
    #expect(result.status == 1)
    #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2066 })
    #expect(result.stdout.contains("/*<U+202E> } <U+2066>*/"))
    // The caret still sits under `isAdmin`.
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let shown = try #require(lines.firstIndex { $0.contains("<U+202E>") })
    let caret = lines[shown + 1]
    let column = try #require(caret.firstIndex(of: "^"))
    #expect(lines[shown].dropFirst(caret.distance(from: caret.startIndex, to: column)).hasPrefix("isAdmin"))
  }
}
