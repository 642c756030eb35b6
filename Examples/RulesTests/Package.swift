// swift-tools-version: 6.0
import PackageDescription

// Rules tests in Swift: copy this folder next to your app and point the dependency at Flint.
// Here Flint is the package two folders up; elsewhere use its URL:
//   .package(url: "https://example.com/flint.git", from: "1.0.0")
let package = Package(
  name: "RulesTests",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "Flint", path: "../..")
  ],
  targets: [
    .testTarget(
      name: "BookclubRulesTests",
      dependencies: [
        .product(name: "Flint", package: "Flint"),
        .product(name: "FlintTesting", package: "Flint"),
      ],
      resources: [.copy("firestore.rules"), .copy("data.json")]
    )
  ],
  swiftLanguageModes: [.v6]
)
