/// Finds the Firestore queries of TypeScript and JavaScript files (no dependency: the shared
/// chain reader with the JS dialect and the JS SDKs' surface).
package enum JSQueryExtractor {
  package static func extract(_ files: [(name: String, text: String)]) -> SourceExtraction {
    var findings = SourceFindings()
    extract(files, into: &findings)
    findings.extraction.finish()
    return findings.extraction
  }

  static func extract(_ files: [(name: String, text: String)], into findings: inout SourceFindings) {
    ChainExtraction.extract(
      files.map { ($0.name, $0.text, SourceLanguage(fileName: $0.name) == .typescript ? .typescript : .javascript) },
      into: &findings)
  }
}
