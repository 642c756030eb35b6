import FlintKit

/// Front door: the `firebase.json` that `flint check`, `flint query` and `flint indexes`
/// read when no file is given (rules files and index manifests).
public enum FirebaseConfigHarness {
  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    do {
      let config = try FirebaseConfig(bytes: bytes, name: "firebase.json")
      let empty = config.entries.contains { $0.rules.isEmpty || $0.database.isEmpty }
        || config.indexEntries.contains { $0.indexes.isEmpty || $0.database.isEmpty }
      if (config.entries.isEmpty && config.indexEntries.isEmpty) || empty {
        throw InvariantViolation("accepted a config without a usable rules entry: \(config.entries)")
      }
    } catch let error as FirebaseConfigError {
      try Invariants.visible(error.message, what: "firebase.json error")
    } catch let error as InvariantViolation {
      throw error
    } catch {
      throw InvariantViolation("unexpected error \(error)")
    }
  }
}
