import FirestoreModel

/// Seed documents given with `--data` (tagged JSON or Firestore REST JSON).
enum DataInput {
  /// Said on stderr when lookups ran without `--data`.
  static let noDataNote = "flint: note: no --data given, so every get()/exists() sees a missing document"

  /// The documents in the file at `path`; an unreadable or invalid file is a usage problem.
  static func load(_ path: String, requestTime: Timestamp? = nil) throws(UsageProblem) -> DocumentStore {
    let bytes = try FileReader.bytes(atPath: path)
    do {
      return try FixtureLoader.load(bytes: bytes, file: path, requestTime: requestTime)
    } catch {
      throw UsageProblem("invalid --data: \(error)")
    }
  }
}
