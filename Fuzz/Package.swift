// swift-tools-version: 6.0
import Foundation
import PackageDescription

// libFuzzer targets, one per front door of Flint. A package of its own, built with
// `swift build --sanitize=fuzzer --sanitize=address` (see `make fuzz`), so that the
// product's `swift build` and `make test` never pay for the sanitizers.
// The main package is a path dependency; its identity is the name of its folder.
let flint = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let flintIdentity = flint.lastPathComponent.lowercased()
let targets = [
  "rules", "expr", "suite", "seed", "query", "firebase", "manifest", "lsp",
  "swift", "typescript", "javascript", "kotlin", "java", "dart",
]

let package = Package(
  name: "FlintFuzz",
  dependencies: [.package(path: flint.path)],
  targets: targets.map { name in
    .executableTarget(
      name: "fuzz-\(name)",
      dependencies: [.product(name: "FlintFuzzHarness", package: flintIdentity)],
      path: "Sources/fuzz-\(name)"
    )
  },
  swiftLanguageModes: [.v6]
)
