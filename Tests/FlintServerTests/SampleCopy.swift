import FlintServer
import FlintTestSupport
import Foundation
import Testing

/// A copy of `Corpus/sample` in a temporary folder (the index-adding call writes its manifest),
/// with the sample's suite (`Corpus/suites/bookclub.yaml`) beside it pointing at the copy's rules.
struct SampleCopy {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("flint-serve-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: PackagePaths.url("Corpus/sample"), to: folder)
    let suite = PackagePaths.text("Corpus/suites/bookclub.yaml")
      .replacingOccurrences(of: "rules: ../sample/firestore.rules", with: "rules: firestore.rules")
    try suite.write(to: folder.appendingPathComponent("bookclub.test.yaml"), atomically: true, encoding: .utf8)
  }

  var path: String { folder.path }

  func project() throws -> ServedProject { try ServedProject.open(path) }

  func text(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }

  /// The 1-based line of the sample's rules holding `text`.
  static func line(containing text: String) -> Int {
    let lines = PackagePaths.text("Corpus/sample/firestore.rules").split(
      separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
  }

  /// The clubs read rule, the one a signed-in non-member fails on a private club.
  static let clubsRead = "allow read: if resource.data.visibility == 'public' || isMember(clubId);"
}

/// Parses an API answer's JSON body.
func json(_ response: APIResponse) throws -> [String: Any] {
  let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8))
  return try #require(object as? [String: Any])
}

/// A JSON body for a call.
func body(_ object: [String: Any?]) throws -> [UInt8] {
  let cleaned = object.mapValues { $0 ?? NSNull() }
  return Array(try JSONSerialization.data(withJSONObject: cleaned))
}
