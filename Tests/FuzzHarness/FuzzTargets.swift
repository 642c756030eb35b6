/// The fuzz targets by name, for the libFuzzer entry points and the regression tests.
public enum FuzzTargets {
  public static let all: [(name: String, run: @Sendable ([UInt8]) throws(InvariantViolation) -> Void)] = [
    ("rules", RulesHarness.run),
    ("expr", ExpressionHarness.run),
    ("suite", SuiteHarness.run),
    ("seed", SeedHarness.run),
    ("query", QueryHarness.run),
    ("firebase", FirebaseConfigHarness.run),
    ("manifest", ManifestHarness.run),
    ("lsp", LanguageServerHarness.run),
    ("swift", { bytes throws(InvariantViolation) in try SourceHarness.run(bytes, language: "swift") }),
    ("typescript", { bytes throws(InvariantViolation) in try SourceHarness.run(bytes, language: "typescript") }),
    ("javascript", { bytes throws(InvariantViolation) in try SourceHarness.run(bytes, language: "javascript") }),
    ("kotlin", { bytes throws(InvariantViolation) in try SourceHarness.run(bytes, language: "kotlin") }),
    ("java", { bytes throws(InvariantViolation) in try SourceHarness.run(bytes, language: "java") }),
    ("dart", { bytes throws(InvariantViolation) in try SourceHarness.run(bytes, language: "dart") }),
  ]

  /// The harness named `name`.
  public static func named(_ name: String) -> (@Sendable ([UInt8]) throws(InvariantViolation) -> Void)? {
    all.first { $0.name == name }?.run
  }
}
