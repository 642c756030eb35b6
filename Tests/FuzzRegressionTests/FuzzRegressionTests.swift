import FlintFuzzHarness
import FlintTestSupport
import Foundation
import Testing

/// Every input the fuzz campaign found (minimized), replayed through its harness without
/// sanitizers: `Tests/FuzzRegressions/<target>/<case>`, one folder per target of `make fuzz`.
@Suite struct FuzzRegressionTests {
  static let cases: [String] = {
    let root = PackagePaths.url("Tests/FuzzRegressions")
    var found: [String] = []
    for target in FuzzTargets.all.map(\.name) {
      let folder = root.appendingPathComponent(target)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      found += names.filter { !$0.hasPrefix(".") }.sorted().map { "\(target)/\($0)" }
    }
    return found
  }()

  @Test(arguments: cases)
  func replays(_ path: String) throws {
    let target = String(path.prefix { $0 != "/" })
    let harness = try #require(FuzzTargets.named(target))
    let bytes = try [UInt8](Data(contentsOf: PackagePaths.url("Tests/FuzzRegressions/\(path)")))
    do {
      try harness(bytes)
    } catch {
      Issue.record("\(path): \(error)")
    }
  }

  @Test func everyTargetHasAHarness() {
    #expect(
      FuzzTargets.all.map(\.name) == [
        "rules", "expr", "suite", "seed", "query", "firebase", "manifest", "lsp",
        "swift", "typescript", "javascript", "kotlin", "java", "dart",
      ])
  }
}
