import FlintKit
import FlintTestSupport
import Testing

/// The sample project compiled into `flint` is `Corpus/sample`, byte for byte: a change to the
/// folder fails here until `UPDATE_GOLDENS=1` rewrites `SampleProject.swift` from it.
@Suite("SampleProject")
struct SampleProjectTests {
  static let names = ["firestore.rules", "data.json", "firestore.indexes.json"]

  @Test("each embedded file is the Corpus/sample file's text", arguments: names)
  func sameText(name: String) {
    let onDisk = PackagePaths.text("Corpus/sample/" + name)
    #expect(!onDisk.isEmpty)
    #expect(SampleProject.text(name) == onDisk)
  }

  @Test("SampleProject.swift is generated from Corpus/sample")
  func generated() {
    Golden.expect(Self.source(), matches: "Sources/FlintKit/Repl/SampleProject.swift")
  }

  /// The Swift source holding `Corpus/sample`'s files as raw multi-line string literals.
  static func source() -> String {
    var out = """
      /// The sample project `flint repl` starts with where there is no firebase.json and no options:
      /// `Corpus/sample`'s rules, seed data and index manifest, compiled into the binary so a shipped
      /// `flint` has them without the source tree. `SampleProjectTests` pins these texts to
      /// `Corpus/sample` (`UPDATE_GOLDENS=1` rewrites this file from it).
      package enum SampleProject {
        /// Each file's name in `Corpus/sample` and its text.
        package static let files: [(name: String, text: String)] = [

      """
    for name in names {
      let text = PackagePaths.text("Corpus/sample/" + name)
      out += "    (\n      \"\(name)\",\n      #\"\"\"\n"
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        out += (line.isEmpty ? "" : "      " + line) + "\n"
      }
      out += "\n      \"\"\"#\n    ),\n"
    }
    out += """
        ]

        /// The text of the sample file `name`.
        package static func text(_ name: String) -> String? { files.first { $0.name == name }?.text }
      }

      """
    return out
  }
}
