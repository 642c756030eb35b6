import FlintKit

/// Front door: the `firebase.json` that `flint check`, `flint query` and `flint indexes`
/// read when no file is given (rules files and index manifests).
public enum FirebaseConfigHarness {
  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    do {
      let config = try FirebaseConfig(bytes: bytes, name: "firebase.json")
      let empty = config.databases.contains {
        $0.database.isEmpty || $0.rules?.isEmpty == true || $0.indexes?.isEmpty == true
      }
      if !config.databases.contains(where: { $0.rules != nil || $0.indexes != nil }) || empty {
        throw InvariantViolation("accepted a config without a usable rules entry: \(config.databases)")
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
