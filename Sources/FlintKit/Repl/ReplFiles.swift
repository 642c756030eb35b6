import FirestoreModel
import IndexAdvisor
import RulesEngine
import RulesLanguage

/// Compiled rules and the file they came from.
package struct LoadedRules: Sendable {
  package var file: WatchedFile
  package var source: SourceFile
  package var ruleset: Ruleset
  /// How many match blocks the rules hold (for the banner).
  package var matchBlocks: Int
}

/// Reading the session's files. Every failure is a message; the caller keeps what it had.
enum ReplFiles {
  /// Rules that compile (with any warnings as `flint check` prints them), or the diagnostics
  /// (one `source.not-text` error for a file that is not UTF-8 text).
  static func rules(_ file: WatchedFile) -> (rules: LoadedRules?, messages: String, unreadable: Bool) {
    let bytes: [UInt8]
    do {
      bytes = try file.bytes()
    } catch {
      return (nil, "\(file.display): \(error.message)\n", true)
    }
    var watched = file
    watched.stamp = FileStamp.of(file.path)
    // A file that is not text gets its one error, as in `flint check`, and is not compiled.
    let decoded = SourceText.decode(bytes, name: file.display)
    if let problem = decoded.problem { return (nil, DiagnosticRenderer.text([problem], in: decoded.source), false) }
    let source = decoded.source
    let result = RulesCompiler.compile(source)
    let shown = result.diagnostics.isEmpty ? "" : DiagnosticRenderer.text(result.diagnostics, in: source)
    if result.hasErrors { return (nil, shown, false) }
    let ruleset = Ruleset(file: result.file, source: source)
    return (
      LoadedRules(file: watched, source: source, ruleset: ruleset, matchBlocks: ruleset.matchBlockCount), shown, false
    )
  }

  /// Seed documents (tagged JSON or a Firestore REST export).
  static func data(_ file: WatchedFile, time: Timestamp) -> Result<(WatchedFile, DocumentStore), ReplFileError> {
    do {
      let bytes = try file.bytes()
      var watched = file
      watched.stamp = FileStamp.of(file.path)
      return .success((watched, try FixtureLoader.load(bytes: bytes, file: file.display, requestTime: time)))
    } catch let error as FileReadError {
      return .failure(ReplFileError("\(file.display): \(error.message)"))
    } catch {
      return .failure(ReplFileError("\(error)"))
    }
  }

  /// The index manifest's bytes (read whole; the index advisor interprets them).
  /// The manifest's bytes once they validate as `flint indexes` reads them (the CLI's messages,
  /// with the JSON path); an invalid manifest is an error, so the session keeps the last good one.
  static func indexes(_ file: WatchedFile) -> Result<(WatchedFile, [UInt8]), ReplFileError> {
    do {
      let bytes = try file.bytes()
      do {
        _ = try ManifestReader.read(bytes: bytes, file: file.display)
      } catch {
        return .failure(ReplFileError(error.description))
      }
      var watched = file
      watched.stamp = FileStamp.of(file.path)
      return .success((watched, bytes))
    } catch {
      return .failure(ReplFileError("\(file.display): \(error.message)"))
    }
  }
}

/// A file that could not be loaded.
struct ReplFileError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
