import FlintKit

/// Front door: the `firebase.json` that `flint check`, `flint query` and `flint test`
/// read when no rules file is given.
public enum FirebaseConfigHarness {
  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    do {
      let config = try FirebaseConfig(bytes: bytes, name: "firebase.json")
      if config.entries.isEmpty || config.entries.contains(where: { $0.rules.isEmpty || $0.database.isEmpty }) {
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
