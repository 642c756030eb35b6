import FlintTestSupport
import Foundation
import Testing

/// `flint indexes` on the app folders of `Corpus/indexes/apps/`, end to end: each run's exit
/// status, stdout and stderr against `Corpus/indexes/apps/<run>.expected.txt`.
@Suite("flint indexes on app folders (goldens)")
struct IndexesAppGoldenTests {
  struct Run: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var testDescription: String { name }
  }

  static let runs = [
    // A bundle, a minified library, a vendored one, a test, generated Dart, a backup copy and
    // compiled output: none read, one note; the app's two queries are served.
    Run(name: "skips-check", arguments: ["indexes", "--check", "--existing", "skips/firestore.indexes.json", "skips"]),
    Run(name: "skips-list", arguments: ["indexes", "--list-queries", "skips"]),
    Run(name: "skips-include-all", arguments: ["indexes", "--list-queries", "--include-all", "skips"]),
    // Two array-contains filters on one query: an error at its place, the other query planned.
    Run(
      name: "refused-check",
      arguments: ["indexes", "--check", "--existing", "refused/firestore.indexes.json", "refused"]),
    Run(name: "refused-plan", arguments: ["indexes", "--existing", "refused/firestore.indexes.json", "refused"]),
  ]

  @Test("exit status, stdout and stderr", arguments: runs)
  func golden(_ run: Run) throws {
    let result = try FlintRunner.run(run.arguments, in: PackagePaths.url("Corpus/indexes/apps"))
    let transcript = """
      $ flint \(run.arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "))
      exit status \(result.status)
      --- stdout
      \(result.stdout)--- stderr
      \(result.stderr)
      """
    Golden.expect(transcript, matches: "Corpus/indexes/apps/\(run.name).expected.txt")
  }
}
