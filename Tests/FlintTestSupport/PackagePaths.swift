import Foundation

/// Paths inside the package checkout, for tests that read its corpus and grammar files.
public enum PackagePaths {
  /// The package root: the folder holding `Package.swift` (this file is
  /// `Tests/FlintTestSupport/PackagePaths.swift`).
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `relative` (such as `"Corpus/queries"`) below the package root.
  public static func url(_ relative: String) -> URL {
    root.appendingPathComponent(relative)
  }

  /// The text of the file at `relative`; empty when it cannot be read (a fixture the code under
  /// test then refuses, so the test fails instead of the process crashing).
  public static func text(_ relative: String) -> String {
    (try? String(contentsOf: url(relative), encoding: .utf8)) ?? ""
  }
}
