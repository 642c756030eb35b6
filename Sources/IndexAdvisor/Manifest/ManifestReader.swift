import FirestoreModel

/// Reads and validates `firestore.indexes.json` as the Firebase CLI does (firebase-tools
/// `validateSpec`, with its messages), plus the checks the backend applies at deploy time
/// that the CLI leaves to it (duplicates, one-field indexes, more than one array field,
/// `__name__` not last, vector dimensions). Every error names the file, line, column and
/// JSON path: `firestore.indexes.json:7:9: $.indexes[0].fields[1]: Must contain exactly one
/// of "order,arrayConfig,searchConfig,vectorConfig": {"fieldPath":"tags"}`.
package enum ManifestReader {
  /// A manifest and what was accepted with a warning (legacy format, comments, a missing
  /// `queryScope`).
  package struct Output: Sendable {
    package var manifest: IndexManifest
    package var warnings: [String]
  }

  /// Parses and validates; `file` is the name used in messages.
  package static func read(bytes: [UInt8], file: String) throws(JSONError) -> Output {
    let (clean, hadComments) = JSONComments.blankOut(bytes)
    let parsed = try JSONParser.parseWithSourceMap(bytes: clean, file: file, options: .init(maxDepth: 64))
    var reader = ManifestValidator(file: file)
    if hadComments {
      reader.warnings.append(
        "\(file): comments are accepted (the Firebase CLI reads this file as CJSON) but are not kept when Flint writes it"
      )
    }
    do {
      let manifest = try reader.manifest(parsed.value)
      return Output(manifest: manifest, warnings: reader.warnings)
    } catch {
      throw parsed.sourceMap.locate(error)
    }
  }

  /// Reads a manifest from text (tests, the REPL).
  package static func read(_ text: String, file: String = "firestore.indexes.json") throws(JSONError) -> Output {
    try read(bytes: Array(text.utf8), file: file)
  }
}
