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
}
