import FlintTestSupport
import Foundation
import SourceQueries
import Testing

/// Bad source never crashes or hangs the extractors: every prefix of the sample apps (cut
/// mid-token, mid-string, mid-comment), and random byte damage.
@Suite("Source extraction on bad input")
struct SourceRobustnessTests {
  static func sampleFiles() throws -> [(name: String, text: String)] {
    let base = PackagePaths.url("Corpus/source").path
    var out: [(String, String)] = []
    for app in SourceGoldenTests.apps {
      for path in try SourceFolderWalker().files(in: base + "/" + app) {
        out.append(((path as NSString).lastPathComponent, try String(contentsOfFile: path, encoding: .utf8)))
      }
    }
    return out
  }

  @Test("truncated files")
  func truncated() throws {
    let files = try Self.sampleFiles()
    #expect(files.count >= 5)
    for (name, text) in files {
      let bytes = Array(text.utf8)
      for cut in stride(from: 0, through: bytes.count, by: 5) {
        let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
        let found = SourceQueryReader.read([(name, Array(prefix.utf8))])
        // Whatever is found has a place, and is planned or refused with the SDK's message
        // (`collection(db, "` cut inside the string is `collection("")`: an empty path).
        for query in found.queries {
          #expect(query.place.line >= 1 && query.place.column >= 1)
          if query.collection.isEmpty, case .success = query.prepared() {
            Issue.record("\(name) cut at \(cut): \(query.dsl) was planned with an empty collection")
          }
        }
      }
    }
  }

  @Test("random damage and unbalanced brackets")
  func damaged() throws {
    var random = SplitMix64(seed: 7)
    let noise: [UInt8] = Array("(){}[]<>\"'`/*.,;=!?:$\\\n".utf8)
    for (name, text) in try Self.sampleFiles() {
      for _ in 0..<40 {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...12, using: &random) {
          let at = Int.random(in: 0..<bytes.count, using: &random)
          bytes[at] = noise.randomElement(using: &random)!
        }
        _ = SourceQueryReader.read([(name, bytes)])
      }
    }
    // Deep nesting and a file that is not text.
    _ = SourceQueryReader.read([
      ("deep.ts", Array((String(repeating: "(", count: 5000) + "collection(db, \"a\")").utf8))
    ])
    _ = SourceQueryReader.read([
      ("deep.swift", Array((String(repeating: "f(", count: 3000) + "db.collection(\"a\")").utf8))
    ])
    for name in ["deep.kt", "deep.java", "deep.dart"] {
      _ = SourceQueryReader.read([(name, Array((String(repeating: "f(", count: 3000) + "db.collection(\"a\")").utf8))])
      _ = SourceQueryReader.read([(name, Array((String(repeating: "{ if (a) ", count: 3000) + "x").utf8))])
      _ = SourceQueryReader.read([(name, Array(("\"$" + String(repeating: "${", count: 3000)).utf8))])
    }
    let binary = SourceQueryReader.read([("blob.js", [0x00, 0xFF, 0xFE])])
    #expect(binary.unresolved.first?.reason.contains("not UTF-8 text") == true)
  }

  @Test("a long run of prefix operators is read in one loop, not one stack frame per operator")
  func prefixOperators() {
    let nots = String(repeating: "!", count: 100_000)
    let minuses = String(repeating: "- ", count: 100_000)
    let files = [
      ("A.kt", "import com.google.firebase.firestore.FirebaseFirestore\n" + #"db.collection("a").get()"#),
      ("A.java", "import com.google.firebase.firestore.FirebaseFirestore;\n" + #"db.collection("a").get()"#),
      ("a.dart", #"FirebaseFirestore.instance.collection("a").get()"#), ("a.ts", #"getDocs(collection(db, "a"))"#),
    ]
    for (name, query) in files {
      let text = "x = \(nots)y;\nz = \(minuses)1;\n\(query);\n"
      let found = SourceQueryReader.read([(name, Array(text.utf8))])
      #expect(found.queries.map(\.dsl) == [#"collection("a")"#], "\(name)")
    }
  }
}
