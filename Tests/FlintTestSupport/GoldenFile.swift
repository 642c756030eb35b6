import Foundation

/// A golden corpus file: `== name` starts a case, the lines up to the first `->` line are its
/// input, and `-> ...` lines are the expected output. `#` lines before a case's first `->` and
/// blank lines are comments. `UPDATE_GOLDENS=1 swift test` rewrites the `->` lines.
public struct GoldenFile: Sendable {
  public struct Case: Sendable, CustomStringConvertible {
    public var file: String
    public var name: String
    /// The input lines, trimmed, without comments and blank lines.
    public var input: [String]
    public var expected: [String]

    public var description: String { "\(file): \(name)" }
  }

  public let url: URL
  public let cases: [Case]

  public static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

  public init(_ relativePath: String) {
    url = PackagePaths.url(relativePath)
    let name = url.lastPathComponent
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    var cases: [Case] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("== ") {
        cases.append(Case(file: name, name: String(line.dropFirst(3)), input: [], expected: []))
      } else if line.hasPrefix("->") {
        guard !cases.isEmpty else { continue }
        cases[cases.count - 1].expected.append(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces))
      } else if let last = cases.last, last.expected.isEmpty, !line.hasPrefix("#") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty { cases[cases.count - 1].input.append(trimmed) }
      }
    }
    self.cases = cases
  }

  /// Replaces one case's `->` lines with `actual` (when updating).
  public func rewrite(_ golden: Case, actual: [String]) {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.firstIndex(of: "== \(golden.name)") else { return }
    var i = header + 1
    while i < lines.count, !lines[i].hasPrefix("->"), !lines[i].hasPrefix("== ") { i += 1 }
    var end = i
    while end < lines.count, lines[end].hasPrefix("->") { end += 1 }
    lines.replaceSubrange(i..<end, with: actual.map { "-> \($0)" })
    try? lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
  }
}
