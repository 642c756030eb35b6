import FirestoreModel
import FlintKit
import FlintTestSupport
import Foundation
import SourceQueries
import Testing

/// The sample apps of `Corpus/source/<language>/<app>/`, each with the `--list-queries` JSON
/// expected for it in `<app>.expected.json` (file names relative to `Corpus/source`).
@Suite("Source query goldens")
struct SourceGoldenTests {
  static let apps = [
    "swift/feed-app", "swift/repo-app", "swift/switch-app", "swift/property-app", "swift/extension-app",
    "swift/swiftui-app", "typescript/feed-app", "typescript/react-app", "typescript/monorepo-app",
    "typescript/lookalike-app", "typescript/hooks-app", "kotlin/feed-app", "kotlin/constants-app",
    "kotlin/extensions-app", "java/shop-app", "dart/chat-app", "dart/consts-app", "dart/reach-app",
  ]

  /// The extraction of one app folder, file names relative to `Corpus/source`.
  static func extract(_ app: String) throws -> SourceExtraction {
    let base = PackagePaths.url("Corpus/source").path
    let files = try SourceFolderWalker().files(in: base + "/" + app)
    let read = try files.map { path in
      (name: String(path.dropFirst(base.count + 1)), bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }
    return SourceQueryReader.read(read)
  }

  @Test("list-queries JSON", arguments: apps)
  func golden(_ app: String) throws {
    let extraction = try Self.extract(app)
    Golden.expect(
      JSONWriter.text(SourceQueryListing.json(extraction), style: .pretty) + "\n",
      matches: "Corpus/source/\(app).expected.json")
  }

  /// The queries of the apps that Firestore refuses (the SDK throws), with the SDK's message.
  static let refused: [String: [String]] = [
    "typescript/monorepo-app": [
      "typescript/monorepo-app/apps/server/jobs.js:10: A maximum of 1 'ARRAY_CONTAINS' filter is allowed."
    ],
    "swift/repo-app": [
      "swift/repo-app/Paths.swift:9: Invalid collection ID 'a/b' passed to function collectionGroup(). Collection IDs must not contain '/'."
    ],
  ]

  @Test("every resolved query is one the DSL pipeline accepts, or refuses with the SDK's message", arguments: apps)
  func plannable(_ app: String) throws {
    var failures: [String] = []
    for query in try Self.extract(app).queries {
      if case .failure(let error) = query.prepared() { failures.append("\(query.place.description): \(error.message)") }
    }
    #expect(failures == Self.refused[app] ?? [])
  }
}
