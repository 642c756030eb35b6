import FlintKit

/// The fixed context the fuzz harnesses run inputs against: the sample project's rules and
/// documents (`SampleProject`, compiled in from Corpus/sample, so the harnesses need no files at
/// run time).
public enum FuzzFixtures {
  /// The rules file name suites refer to.
  public static let rulesName = "firestore.rules"

  /// Corpus/sample/firestore.rules (the copy compiled into flint, `SampleProject`).
  public static let rules = SampleProject.text("firestore.rules") ?? ""

  /// Corpus/sample/data.json (tagged JSON).
  public static let data = SampleProject.text("data.json") ?? ""
}
