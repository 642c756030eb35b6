import Queries
import RulesLanguage

/// Reads source files of any supported language into one extraction. Swift files are one
/// module (constants and helpers of one file are visible in the others); TypeScript/JavaScript
/// files, the Kotlin and Java files (one Android module), and Dart files are read one by one by
/// the chain reader, the string constants of each group's files visible in the group's others. A file that is not UTF-8 text is listed as unresolved.
package enum SourceQueryReader {
  package static func read(_ files: [(name: String, bytes: [UInt8])]) -> SourceExtraction {
    var findings = SourceFindings()
    var swift: [(name: String, text: String)] = []
    var scripts: [(name: String, text: String)] = []
    var android: [(name: String, text: String, language: SourceLanguage)] = []
    var dart: [(name: String, text: String, language: SourceLanguage)] = []
    for file in files {
      let language = SourceLanguage(fileName: file.name) ?? .javascript
      guard let text = String(validating: file.bytes, as: UTF8.self), !file.bytes.contains(0) else {
        findings.unresolved(
          "the file is not UTF-8 text; its queries cannot be read",
          place: SourcePlace(file: file.name, line: 1, column: 1),
          language: language, text: "")
        continue
      }
      switch language {
      case .swift: swift.append((file.name, text))
      case .typescript, .javascript: scripts.append((file.name, text))
      case .kotlin, .java: android.append((file.name, text, language))
      case .dart: dart.append((file.name, text, language))
      }
    }
    if !swift.isEmpty { SwiftQueryExtractor.extract(swift, into: &findings) }
    if !scripts.isEmpty { JSQueryExtractor.extract(scripts, into: &findings) }
    for group in [android, dart] where !group.isEmpty { ChainExtraction.extract(group, into: &findings) }
    findings.extraction.finish()
    return findings.extraction
  }
}

extension SourceQuery {
  /// The query as the DSL pipeline prepares it (parsed, validated, normalized), or the reason
  /// Firestore would refuse it.
  package func prepared() -> Result<NormalizedQuery, QueryPreparationError> {
    let source = SourceFile(name: place.file, text: dsl)
    let outcome = QueryPipeline.prepare(source, context: QueryContext(bindings: [:], placeholdersForUnbound: true))
    if let normalized = outcome.normalized { return .success(normalized) }
    let diagnostic = QueryPipeline.diagnostics(of: outcome).first { $0.severity == .error }
    return .failure(
      QueryPreparationError(message: outcome.error?.message ?? diagnostic?.message ?? "not a valid query"))
  }
}

package struct QueryPreparationError: Error, Sendable {
  package var message: String
}
