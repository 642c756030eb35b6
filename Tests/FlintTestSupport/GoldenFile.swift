import Foundation
import Testing

/// A golden corpus file: `== name` starts a case, the lines up to the first `->` line are its
/// input, and `-> ...` lines are the expected output. `#` lines before a case's first `->` are
/// comments; lines after a case's `->` lines that are not `->` lines are ignored.
///
/// The one helper for case files: it parses them, compares (`check`), and rewrites the `->` lines
/// under `UPDATE_GOLDENS=1` (`Golden.updating`). A file that is missing or holds no case yields
/// one stand-in case whose `check` fails, so a renamed or emptied file can never turn a
/// parameterised test into zero cases that pass.
public struct GoldenFile: Sendable {
  public struct Case: Sendable, CustomStringConvertible {
    public var file: String
    public var name: String
    /// The input lines as written, blank ones included, comments dropped.
    public var lines: [String]
    public var expected: [String]
    /// Why this stand-in case exists (the file is missing or has no case); `check` fails with it.
    public var problem: String?

    /// The input lines, trimmed, without blank lines.
    public var input: [String] {
      lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The input as one text (lines joined, surrounding white space trimmed).
    public var text: String { lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines) }

    public var description: String { "\(file): \(name)" }
  }

  public let url: URL
  /// Expected lines keep their indentation (`->   x` is `"  x"`; a bare `->` is an empty line);
  /// otherwise they are trimmed.
  public let keepsIndentation: Bool
  /// Never empty (see the type's comment).
  public let cases: [Case]

  public init(_ relativePath: String, keepsIndentation: Bool = false) {
    url = PackagePaths.url(relativePath)
    self.keepsIndentation = keepsIndentation
    let name = url.lastPathComponent
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      cases = [
        Case(file: name, name: "<missing>", lines: [], expected: [], problem: "golden file \(relativePath) is missing")
      ]
      return
    }
    var cases: [Case] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("== ") {
        cases.append(Case(file: name, name: String(line.dropFirst(3)), lines: [], expected: []))
      } else if line.hasPrefix("->") {
        guard !cases.isEmpty else { continue }
        cases[cases.count - 1].expected.append(Self.expectedLine(line, keepsIndentation: keepsIndentation))
      } else if let last = cases.last, last.expected.isEmpty, !line.hasPrefix("#") {
        cases[cases.count - 1].lines.append(line)
      }
    }
    if cases.isEmpty {
      cases = [
        Case(file: name, name: "<empty>", lines: [], expected: [], problem: "golden file \(relativePath) has no case")
      ]
    }
    self.cases = cases
  }

  private static func expectedLine(_ line: String, keepsIndentation: Bool) -> String {
    let rest = line.dropFirst(2)
    guard keepsIndentation else { return rest.trimmingCharacters(in: .whitespaces) }
    return String(rest.first == " " ? rest.dropFirst() : rest)
  }

  /// Expects `actual` to be the case's `->` lines; under `UPDATE_GOLDENS=1` rewrites them instead.
  public func check(
    _ golden: Case, actual: [String], _ comment: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let problem = golden.problem {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
      return
    }
    if Golden.updating {
      rewrite(golden, actual: actual, sourceLocation: sourceLocation)
      return
    }
    let extra = comment()
    #expect(
      actual == golden.expected, Comment(rawValue: extra.isEmpty ? "\(golden)" : "\(golden)\n\(extra)"),
      sourceLocation: sourceLocation)
  }

  /// Replaces one case's `->` lines with `actual` (a case without any yet gets them after its
  /// input). Rewrites of one process are serialised: parameterised cases run in parallel. A file
  /// that cannot be read or written, or a case it lacks, is an issue: `UPDATE_GOLDENS=1` never
  /// silently writes nothing.
  public func rewrite(_ golden: Case, actual: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    Golden.lock.withLock {
      let text: String
      do {
        text = try String(contentsOf: url, encoding: .utf8)
      } catch {
        Issue.record("cannot read the golden file \(url.path) to rewrite it: \(error)", sourceLocation: sourceLocation)
        return
      }
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      guard let header = lines.firstIndex(of: "== \(golden.name)") else {
        Issue.record(
          "golden file \(url.path) has no case '== \(golden.name)' to rewrite", sourceLocation: sourceLocation)
        return
      }
      var start = header + 1
      while start < lines.count, !lines[start].hasPrefix("->"), !lines[start].hasPrefix("== ") { start += 1 }
      if start == lines.count || lines[start].hasPrefix("== ") {
        start = header + 1
        while start < lines.count, !lines[start].isEmpty, !lines[start].hasPrefix("== ") { start += 1 }
      }
      var end = start
      while end < lines.count, lines[end].hasPrefix("->") { end += 1 }
      lines.replaceSubrange(start..<end, with: actual.map { $0.isEmpty ? "->" : "-> \($0)" })
      do {
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
      } catch {
        Issue.record("cannot write the golden file \(url.path): \(error)", sourceLocation: sourceLocation)
      }
    }
  }
}

/// Whole-file goldens (an expected report, transcript or diagnostics file) and the update switch
/// every golden test shares.
public enum Golden {
  /// `UPDATE_GOLDENS=1 swift test` rewrites goldens instead of comparing (review with `git diff`).
  public static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

  static let lock = NSLock()

  /// Expects `actual` to equal the golden file at `relativePath` (from the package root); under
  /// `UPDATE_GOLDENS=1` writes it instead. A missing or empty golden file is a failure.
  public static func expect(
    _ actual: String, matches relativePath: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expect(actual, matchesFileAt: PackagePaths.url(relativePath), sourceLocation: sourceLocation)
  }

  public static func expect(_ actual: String, matchesFileAt url: URL, sourceLocation: SourceLocation = #_sourceLocation)
  {
    if updating {
      do {
        try Data(actual.utf8).write(to: url, options: .atomic)
      } catch {
        Issue.record("cannot write the golden file \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = try? Data(contentsOf: url), !data.isEmpty else {
      Issue.record(
        "golden file \(url.path) is missing or empty (UPDATE_GOLDENS=1 swift test writes it)",
        sourceLocation: sourceLocation)
      return
    }
    #expect(
      actual == String(decoding: data, as: UTF8.self),
      "\(url.lastPathComponent) differs (UPDATE_GOLDENS=1 rewrites it; review the change with git diff)",
      sourceLocation: sourceLocation)
  }
}
