// swift-tools-version: 6.1
import PackageDescription

// Layers, dependencies pointing one way only:
// FirestoreModel <- RulesLanguage <- RulesEngine <- Queries <- IndexAdvisor <- FlintKit <- flint
// (RulesSolver, the Z3 encoding behind `flint diff`, sits on RulesEngine, below FlintKit.)
// (SourceQueries, queries read from an app's source, sits between Queries and FlintKit.)
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
  // What users depend on: the CLI (which serves editors as `flint lsp`), the Swift API and its test
  // assertions. The layers below are implementation, not API: what crosses targets is `package`.
  products: [
    .executable(name: "flint", targets: ["flint"]),
    .library(name: "Flint", targets: ["Flint"]),
    .library(name: "FlintTesting", targets: ["FlintTesting"]),
    // Not for users: the fuzz harnesses, for the libFuzzer package under Fuzz/ (a package of its
    // own, so it can only reach them through a product).
    .library(name: "FlintFuzzHarness", targets: ["FlintFuzzHarness"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Hashing (hashing.md5, hashing.sha256) and Base64 from maintained libraries.
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/swift-extras/swift-extras-base64", from: "1.2.0"),
    // Reading queries out of an app's Swift source (`flint indexes` on a source folder).
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    // `flint serve`: the HTTP server under the browser playground. No traits: its default ones pull
    // in full Foundation (ICU data in the static binary) and swift-configuration, neither needed.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
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
    // libyaml's event parser for suites written in YAML (FlintKit/Suites/YAMLReader.swift).
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"])]
    ),
    // Line editing, history and completion for `flint repl` (libedit's readline API).
    .systemLibrary(
      name: "CLibEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // Z3's C API types (z3.h) without linking libz3: RulesSolver loads the library at run time, so
    // every command but `flint diff` works where Z3 is absent and the dist binary needs only glibc.
    .systemLibrary(
      name: "CZ3",
      providers: [.apt(["libz3-dev"])]
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
    .target(name: "Queries", dependencies: ["RulesEngine", "RulesLanguage", "FirestoreModel"]),
    // `flint diff` and the semantic overlapping-allow lint: rules conditions encoded for Z3, and the
    // question "a request one ruleset allows and the other denies".
    .target(name: "RulesSolver", dependencies: ["RulesEngine", "RulesLanguage", "FirestoreModel", "CZ3"]),
    .target(name: "IndexAdvisor", dependencies: ["Queries", "RulesLanguage", "FirestoreModel"]),
    // Queries found in an app's source (Swift via swift-syntax, TypeScript/JavaScript via a tokenizer),
    // in the query model the DSL parser produces, so the advisor does not know where a query came from.
    .target(
      name: "SourceQueries",
      dependencies: [
        "Queries", "RulesLanguage", "FirestoreModel",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftOperators", package: "swift-syntax"),
      ]
    ),
    // The commit `flint --version` names, recorded by `make dist` (Scripts/dist.sh); empty otherwise.
    .target(name: "CFlintBuild"),
    .target(
      name: "FlintKit",
      dependencies: [
        "IndexAdvisor", "SourceQueries", "Queries", "RulesSolver", "RulesEngine", "RulesLanguage", "FirestoreModel",
        "CFlintBuild", "CYAML",
      ]
    ),
    .target(
      name: "Flint",
      dependencies: ["FlintKit", "IndexAdvisor", "Queries", "RulesEngine", "RulesLanguage", "FirestoreModel"]
    ),
    // `flint lsp`: the protocol layer (Protocol/), documents (Server/) and features (Features/).
    .target(name: "FlintLanguageServer", dependencies: ["FlintKit", "RulesLanguage", "FirestoreModel"]),
    // `flint serve`: a local HTTP transport (Hummingbird) over the FlintKit jobs, and the page it serves.
    .target(
      name: "FlintServer",
      dependencies: [
        "FlintKit", "RulesLanguage", "FirestoreModel", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      plugins: ["EmbedCodeMirror"]
    ),
    // Debian's CodeMirror (libjs-codemirror) embedded in flint serve's page at build time.
    .plugin(name: "EmbedCodeMirror", capability: .buildTool()),
    // Swift Testing and XCTest helpers (expectAllowed, XCTAssertDenied, ...), for test targets only.
    .target(name: "FlintTesting", dependencies: ["Flint"]),
    .executableTarget(
      name: "flint",
      dependencies: [
        "FlintKit", "FlintLanguageServer", "FlintServer", "IndexAdvisor", "SourceQueries", "Queries", "RulesEngine",
        "RulesLanguage", "FirestoreModel",
        "CLibEdit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "flint-bench",
      dependencies: [
        "FlintKit", "FlintLanguageServer", "FlintServer", "IndexAdvisor", "SourceQueries", "Queries", "RulesEngine",
        "RulesLanguage",
        "FirestoreModel",
      ]
    ),
    // Helpers shared by the test targets (seeded random numbers, package paths).
    .target(name: "FlintTestSupport", path: "Tests/FlintTestSupport"),
    // One harness per front door: the input, the pipeline, the invariants (see Fuzz/).
    .target(
      name: "FlintFuzzHarness",
      dependencies: [
        "FlintKit", "FlintLanguageServer", "IndexAdvisor", "RulesEngine", "RulesLanguage", "FirestoreModel",
        "SourceQueries",
      ],
      path: "Tests/FuzzHarness"),
    .testTarget(name: "FirestoreModelTests", dependencies: ["FirestoreModel", "FlintTestSupport"]),
    .testTarget(
      name: "RulesLanguageTests",
      // RulesEngine: the regex the content-type lint asks (`PatternMatcher`), as `flint check` hands it.
      dependencies: ["RulesLanguage", "RulesEngine", "FirestoreModel", "FlintTestSupport"]),
    .testTarget(name: "RulesEngineTests", dependencies: ["RulesEngine", "RulesLanguage", "FirestoreModel"]),
    .testTarget(
      name: "RulesSolverTests",
      dependencies: ["RulesSolver", "RulesEngine", "RulesLanguage", "FirestoreModel", "FlintTestSupport"]),
    .testTarget(
      name: "QueriesTests",
      dependencies: ["Queries", "RulesEngine", "RulesLanguage", "FirestoreModel", "FlintTestSupport"]),
    .testTarget(
      name: "IndexAdvisorTests",
      dependencies: ["IndexAdvisor", "Queries", "RulesLanguage", "FirestoreModel", "FlintTestSupport"]
    ),
    .testTarget(
      name: "SourceQueriesTests",
      // FlintKit for the `--list-queries` JSON the goldens are written in.
      dependencies: ["SourceQueries", "FlintKit", "Queries", "FirestoreModel", "FlintTestSupport"]),
    .testTarget(
      name: "FlintKitTests",
      dependencies: [
        "FlintKit", "IndexAdvisor", "Queries", "RulesEngine", "RulesLanguage", "FirestoreModel", "FlintTestSupport",
      ]
    ),
    .testTarget(
      name: "FlintLanguageServerTests", dependencies: ["FlintLanguageServer", "FirestoreModel", "FlintTestSupport"]),
    .testTarget(name: "FlintAPITests", dependencies: ["Flint", "FlintTesting"]),
    .testTarget(
      name: "FlintServerTests",
      dependencies: [
        "FlintServer", "FlintKit", "FlintTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
      ]
    ),
    .testTarget(name: "FlintCLITests", dependencies: ["flint", "FlintLanguageServer", "FlintTestSupport"]),
    .testTarget(name: "FuzzRegressionTests", dependencies: ["FlintFuzzHarness", "FlintTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
