// swift-tools-version: 6.0
import PackageDescription

// Layers, dependencies pointing one way only:
// FirestoreModel <- RulesLanguage <- RulesEngine <- Queries <- IndexAdvisor <- FlintKit <- flint
// FlintKit holds the jobs behind each subcommand (rule-test suites, the query
// playground); flint only parses arguments and prints. The language server
// (FlintLanguageServer) and the Swift API (Flint) sit on FlintKit as the CLI does.
let package = Package(
  name: "Flint",
  // Tested on Linux only (Debian 12, x86_64, Swift 6.3: `make test`, `make dist`). macOS 13 is
  // the declared minimum, but no macOS build has been run yet (Docs/ci.md, "macOS runners").
  // iOS, tvOS and watchOS are not supported: PCRE2 is a host system library (pkg-config), so
  // Flint-based tests run in a macOS or Linux test target, not on a simulator.
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "flint", targets: ["flint"]),
    .library(name: "FirestoreModel", targets: ["FirestoreModel"]),
    .library(name: "RulesLanguage", targets: ["RulesLanguage"]),
    .library(name: "RulesEngine", targets: ["RulesEngine"]),
    .library(name: "Queries", targets: ["Queries"]),
    .library(name: "IndexAdvisor", targets: ["IndexAdvisor"]),
    .library(name: "FlintKit", targets: ["FlintKit"]),
    .library(name: "Flint", targets: ["Flint"]),
    .library(name: "FlintLanguageServer", targets: ["FlintLanguageServer"]),
    .library(name: "FlintTesting", targets: ["FlintTesting"]),
    // The fuzz harnesses, for the libFuzzer package under Fuzz/ and the regression tests.
    .library(name: "FlintFuzzHarness", targets: ["FlintFuzzHarness"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    // Hashing (hashing.md5, hashing.sha256) and Base64 from maintained libraries.
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/swift-extras/swift-extras-base64", from: "1.2.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"])]
    ),
    // zlib's crc32() for hashing.crc32 (no listed package offers CRC-32C: that one stays hand-written).
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    // Line editing, history and completion for `flint repl` (libedit's readline API).
    .systemLibrary(
      name: "CLibEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    .target(
      name: "FirestoreModel",
      dependencies: [.product(name: "ExtrasBase64", package: "swift-extras-base64")]
    ),
    .target(name: "RulesLanguage", dependencies: ["FirestoreModel"]),
    .target(
      name: "RulesEngine",
      dependencies: [
        "RulesLanguage", "FirestoreModel", "CPCRE2", "CZlib", .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .target(name: "Queries", dependencies: ["RulesEngine"]),
    .target(name: "IndexAdvisor", dependencies: ["Queries"]),
    // The commit `flint --version` names, recorded by `make dist` (Scripts/dist.sh); empty otherwise.
    .target(name: "CFlintBuild"),
    .target(
      name: "FlintKit", dependencies: ["IndexAdvisor", "CFlintBuild", .product(name: "Yams", package: "Yams")]),
    .target(
      name: "Flint",
      dependencies: ["FlintKit", "IndexAdvisor", "Queries", "RulesEngine", "RulesLanguage", "FirestoreModel"]
    ),
    // `flint lsp`: the protocol layer (Protocol/), documents (Server/) and features (Features/).
    .target(name: "FlintLanguageServer", dependencies: ["FlintKit", "RulesLanguage", "FirestoreModel"]),
    // Swift Testing and XCTest helpers (expectAllowed, XCTAssertDenied, ...), for test targets only.
    .target(name: "FlintTesting", dependencies: ["Flint"]),
    .executableTarget(
      name: "flint",
      dependencies: [
        "FlintKit",
        "FlintLanguageServer",
        "CLibEdit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "flint-bench", dependencies: ["FlintKit", "FlintLanguageServer", "FirestoreModel"]),
    // Helpers shared by the test targets (seeded random numbers, package paths).
    .target(name: "FlintTestSupport", path: "Tests/FlintTestSupport"),
    // One harness per front door: the input, the pipeline, the invariants (see Fuzz/).
    .target(
      name: "FlintFuzzHarness", dependencies: ["FlintKit", "IndexAdvisor", "FlintLanguageServer"],
      path: "Tests/FuzzHarness"),
    .testTarget(name: "FirestoreModelTests", dependencies: ["FirestoreModel", "FlintTestSupport"]),
    .testTarget(name: "RulesLanguageTests", dependencies: ["RulesLanguage", "FlintTestSupport"]),
    .testTarget(name: "RulesEngineTests", dependencies: ["RulesEngine"]),
    .testTarget(name: "QueriesTests", dependencies: ["Queries", "FlintTestSupport"]),
    .testTarget(name: "IndexAdvisorTests", dependencies: ["IndexAdvisor", "FlintTestSupport"]),
    .testTarget(name: "FlintKitTests", dependencies: ["FlintKit", "FlintTestSupport"]),
    .testTarget(name: "FlintLanguageServerTests", dependencies: ["FlintLanguageServer", "FlintTestSupport"]),
    .testTarget(name: "FlintAPITests", dependencies: ["Flint", "FlintTesting"]),
    .testTarget(name: "FlintCLITests", dependencies: ["flint", "FlintLanguageServer", "FlintTestSupport"]),
    .testTarget(name: "FuzzRegressionTests", dependencies: ["FlintFuzzHarness", "FlintTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
