import FirestoreModel
import IndexAdvisor

/// Front door: `firestore.indexes.json` (`flint indexes`, `flint query --indexes`), read and
/// validated; an accepted manifest must write out and read back to the same text (the
/// writer's fixed point).
public enum ManifestHarness {
  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    let output: ManifestReader.Output
    do {
      output = try ManifestReader.read(bytes: bytes, file: "firestore.indexes.json")
    } catch {
      if let offset = error.offset, offset < 0 || offset > bytes.count {
        throw InvariantViolation("error offset \(offset) outside the \(bytes.count)-byte input: \(error)")
      }
      try Invariants.visible(error.description, what: "manifest error")
      return
    }
    for warning in output.warnings { try Invariants.visible(warning, what: "manifest warning") }
    let written = ManifestWriter.text(output.manifest)
    let again: ManifestReader.Output
    do {
      again = try ManifestReader.read(written, file: "written.json")
    } catch {
      throw InvariantViolation("the written manifest does not read back: \(error)\n\(written)")
    }
    if ManifestWriter.text(again.manifest) != written {
      throw InvariantViolation("writing is not a fixed point:\n\(written)")
    }
  }
}
