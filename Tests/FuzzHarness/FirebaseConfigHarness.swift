import FlintKit

/// Front door: the `firebase.json` that `flint check`, `flint query` and `flint indexes`
/// read when no file is given (Firestore and Storage rules files, index manifests).
public enum FirebaseConfigHarness {
  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    do {
      let config = try FirebaseConfig(bytes: bytes, name: "firebase.json")
      let empty = config.databases.contains {
        $0.database.isEmpty || $0.rules?.isEmpty == true || $0.indexes?.isEmpty == true
      }
      if config.hasFirestore && !config.databases.contains(where: { $0.rules != nil || $0.indexes != nil }) || empty {
        throw InvariantViolation("accepted a config without a usable rules entry: \(config.databases)")
      }
      // Every Storage entry names a rules file and, in the array form, where it is deployed.
      if config.storage.contains(where: { $0.rules.isEmpty || $0.bucket?.isEmpty == true || $0.target?.isEmpty == true }
      ) {
        throw InvariantViolation("accepted an empty storage member: \(config.storage)")
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
