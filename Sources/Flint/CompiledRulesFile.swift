import FlintKit
import RulesEngine
import RulesLanguage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Rules text read and compiled as `flint check` reads it, for `FirestoreRules` and
/// `StorageRules`: a byte order mark dropped, a file that is not UTF-8 text refused with
/// `source.not-text`, rules with errors refused with their diagnostics.
enum CompiledRulesFile {
  /// Rules given as text; `name` is the file name diagnostics show.
  static func compile(text: String, name: String) throws -> (source: SourceFile, ruleset: Ruleset) {
    try compile(SourceFile(name: name, text: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text))
  }

  /// The rules file at `url`.
  static func compile(contentsOf url: URL) throws -> (source: SourceFile, ruleset: Ruleset) {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(url.path)  // as flint reads files: a UTF-8 byte order mark is dropped
    } catch {
      throw FlintError(error.message)
    }
    let decoded = SourceText.decode(bytes, name: url.path)
    if let problem = decoded.problem {
      throw FlintError(DiagnosticRenderer.text([problem], in: decoded.source))
    }
    return try compile(decoded.source)
  }

  private static func compile(_ source: SourceFile) throws -> (source: SourceFile, ruleset: Ruleset) {
    let compiled = Ruleset.compile(source)
    guard let ruleset = compiled.ruleset else {
      throw FlintError(DiagnosticRenderer.text(compiled.diagnostics, in: source))
    }
    return (source, ruleset)
  }
}
