import FirestoreModel
import FlintTestSupport
import Foundation
import IndexAdvisor
import Queries
import RulesLanguage
import Testing

/// Shared helpers: normalize query text, read manifests from the corpus or from text.
enum AdvisorFixtures {
  static let context = QueryContext(bindings: [:], placeholdersForUnbound: true)

  static func normalized(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> NormalizedQuery?
  {
    let prepared = QueryPipeline.prepare(SourceFile(name: "<test>", text: text), context: context)
    if prepared.normalized == nil {
      Issue.record(
        "not a valid query: \(text): \(prepared.error?.message ?? prepared.diagnostics.first?.message ?? "?")",
        sourceLocation: sourceLocation)
    }
    return prepared.normalized
  }

  static func manifest(_ relativePath: String) throws -> IndexManifest {
    let url = PackagePaths.url("Corpus/indexes/" + relativePath)
    let bytes = Array(try Data(contentsOf: url))
    return try ManifestReader.read(bytes: bytes, file: relativePath).manifest
  }

  static func manifest(text: String) throws -> IndexManifest {
    try ManifestReader.read(text).manifest
  }

  static func workload(_ lines: [String]) -> [WorkloadQuery] {
    WorkloadReader.read(lines.joined(separator: "\n"), file: "w.txt").queries
  }
}
