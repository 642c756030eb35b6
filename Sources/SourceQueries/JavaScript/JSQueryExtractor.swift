/// Finds the Firestore queries of TypeScript and JavaScript files (no dependency: the shared
/// chain reader with the JS dialect and the JS SDKs' surface).
package enum JSQueryExtractor {
  package static func extract(_ files: [(name: String, text: String)]) -> SourceExtraction {
    var findings = SourceFindings()
    extract(files, into: &findings)
    findings.extraction.finish()
    return findings.extraction
  }

  /// The work reading `files` takes: statements and expressions read in all passes (what the
  /// reader's bounds keep proportional to the source's size; tests count it instead of time).
  package static func work(_ files: [(name: String, text: String)]) -> Int {
    var findings = SourceFindings()
    return extract(files, into: &findings)
  }

  @discardableResult
  static func extract(_ files: [(name: String, text: String)], into findings: inout SourceFindings) -> Int {
    ChainExtraction.extract(
      files.map { file -> (name: String, text: String, language: SourceLanguage) in
        if WebComponentScript.isComponent(file.name) {
          let script = WebComponentScript.scripts(of: file.text)
          return (file.name, script.text, script.typescript ? .typescript : .javascript)
        }
        return (file.name, file.text, SourceLanguage(fileName: file.name) == .typescript ? .typescript : .javascript)
      },
      into: &findings)
  }
}
