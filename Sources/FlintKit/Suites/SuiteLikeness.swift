#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether a file in a folder that does not parse was meant to be a suite: then `flint test DIR`
/// reports it (a typo in a suite must not pass silently); otherwise it is some other JSON or
/// YAML file (a manifest draft, seed data) and is skipped.
///
/// A file looks like a suite when its name ends in `.test.json`, `.test.yaml` or `.test.yml`,
/// or its text has a `cases` key that could be top-level: `"cases"` followed by `:` (JSON), or
/// `cases:` at the start of a line (YAML).
enum SuiteLikeness {
  static let suiteSuffixes = [".test.json", ".test.yaml", ".test.yml"]

  static func looksLikeSuite(name: String, bytes: [UInt8]) -> Bool {
    let lowered = name.lowercased()
    if suiteSuffixes.contains(where: { lowered.hasSuffix($0) }) { return true }
    let text = String(decoding: bytes, as: UTF8.self)
    return hasJSONCasesKey(text) || hasYAMLCasesKey(text)
  }

  /// `"cases"`, optional blanks, then `:`.
  static func hasJSONCasesKey(_ text: String) -> Bool {
    var rest = Substring(text)
    while let found = rest.firstRange(of: "\"cases\"") {
      rest = rest[found.upperBound...]
      if rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" }).first == ":" { return true }
    }
    return false
  }

  /// A line that starts with `cases:` (a top-level YAML key).
  static func hasYAMLCasesKey(_ text: String) -> Bool {
    text.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("cases:") }
  }
}
