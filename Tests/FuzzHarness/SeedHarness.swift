import FirestoreModel

/// Front door: seed data (`--data`, a suite's `data`), as tagged JSON, as Firestore REST
/// JSON, and with the format detected.
public enum SeedHarness {
  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    for format in [nil, FixtureFormat.tagged, .rest] {
      do {
        let store = try FixtureLoader.load(bytes: bytes, file: "data.json", format: format)
        _ = store
      } catch {
        if let offset = error.offset, offset < 0 || offset > bytes.count {
          throw InvariantViolation("error offset \(offset) outside the \(bytes.count)-byte input: \(error)")
        }
      }
    }
  }
}
