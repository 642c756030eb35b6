// swift-tools-version: 6.0
import PackageDescription

// Rules tests in Swift: copy this folder next to your app and point the dependency at Flint.
// Here Flint is the package two folders up (a local path dependency, as in any checkout of
// Flint). In your project, depend on the repository you get Flint from. Flint has no public
// release yet: <FLINT-GIT-URL> is a placeholder for your copy's git URL and 0.1.0 the release tag:
//   .package(url: "<FLINT-GIT-URL>", from: "0.1.0")
// and then name the package by the URL's last component, e.g. package: "flint".
// These tests run on the machine that builds them (macOS or Linux: `swift test`), not in the
// iOS simulator: Flint links PCRE2 as a host system library (found by pkg-config), which no
// iOS SDK has.
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
