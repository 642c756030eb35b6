import FlintTestSupport
import Foundation
import Testing

@testable import RulesLanguage

/// The language's built-in facts (the namespaces and functions in `BuiltinNames`, the lookup
/// functions in `LookupFunction`, the limits in `RulesLimits`) are written once, in
/// `Sources/RulesLanguage/Builtins/`, and every layer (checks, type inference, lints, engine,
/// query prover, solver) reads them from there. These tests scan the sources for a layer that
/// spells one of them again.
@Suite struct BuiltinFactsTests {
  /// Where the facts live: the only folder allowed to spell them.
  static let table = "Sources/RulesLanguage/Builtins/"
  /// Each service's own names (its lookups, its request and resource) are its table.
  static let serviceTable = "Sources/RulesLanguage/Service/"

  /// Every Swift file under `Sources/`, by path from the package root.
  static let sources: [(path: String, text: String)] = {
    let root = PackagePaths.url("Sources")
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    var files: [(String, String)] = []
    for case let url as URL in walker where url.pathExtension == "swift" {
      let path = "Sources" + url.path.dropFirst(root.path.count)
      files.append((path, (try? String(contentsOf: url, encoding: .utf8)) ?? ""))
    }
    return files.sorted { $0.0 < $1.0 }
  }()

  /// The copies of a built-in fact in `text`, one description each.
  static func copies(in text: String) -> [String] {
    var found: [String] = []
    // A lookup function named by a literal: the `get`-only names are too common to scan for, but
    // a list or test of lookup functions always names one of the `After` ones too.
    for name in LookupFunction.allCases where name.readsAfterWrite && text.contains("\"\(name.rawValue)\"") {
      found.append("the lookup function \"\(name.rawValue)\" (use LookupFunction)")
    }
    // A list of namespaces: a list literal naming `math` and another namespace (type-name lists
    // name `timestamp` or `latlng`, never `math`).
    let namespaces = BuiltinNames.namespaces.keys
    for list in matches(of: #"\[[^\[\]]*\]"#, in: text) {
      let named = namespaces.filter { list.contains("\"\($0)\"") }
      if named.contains("math"), named.count >= 2 { found.append("a list of namespaces \(list) (use BuiltinNames)") }
    }
    // A limit restated as a number.
    let limits = [
      #"(?i)call\w*depth\w*\s*(:\s*Int\s*)?=\s*[1-9][\d_]*"#, #"(?i)depth\w*limit\w*\s*(:\s*Int\s*)?=\s*[1-9][\d_]*"#,
      #"(?i)lookupsPer\w*\s*(:\s*Int\s*)?=\s*[1-9][\d_]*"#, #"(?i)\bexpressions\s*(:\s*Int\s*)?=\s*[1-9][\d_]*"#,
    ]
    for pattern in limits {
      for written in matches(of: pattern, in: text) { found.append("a limit '\(written)' (use RulesLimits)") }
    }
    return found
  }

  private static func matches(of pattern: String, in text: String) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
  }

  @Test func theSourcesAreFound() {
    #expect(Self.sources.count > 300)
    #expect(Self.sources.contains { $0.path == Self.table + "RulesLimits.swift" })
  }

  @Test func noLayerKeepsItsOwnCopyOfABuiltinFact() {
    for file in Self.sources where !file.path.hasPrefix(Self.table) && !file.path.hasPrefix(Self.serviceTable) {
      let copies = Self.copies(in: file.text)
      #expect(copies.isEmpty, "\(file.path) restates \(copies.joined(separator: "; "))")
    }
  }

  /// The scan itself: each kind of copy a layer has kept before is found.
  @Test(arguments: [
    #"case "get", "exists", "getAfter", "existsAfter":"#,
    #"private static let effectful: Set<String> = ["get", "exists", "existsAfter", "debug"]"#,
    #"static let namespaces: Set<String> = ["math", "timestamp", "duration", "latlng", "hashing"]"#,
    "static let callDepthLimit = 20",
    "init(lookupsPerRequest: Int = 10, expressions: Int = 1_000)",
  ])
  func aCopyIsFound(copy: String) {
    #expect(!Self.copies(in: copy).isEmpty)
  }

  @Test func aTypeNameListIsNoCopy() {
    #expect(Self.copies(in: #"["bool", "latlng", "timestamp", "duration", "map"]"#).isEmpty)
  }

  /// The facts themselves (rules-language §4.13-§4.21, §6.8).
  @Test func theTableSaysWhatTheSpecSays() {
    #expect(Set(BuiltinNames.namespaces.keys) == ["math", "timestamp", "duration", "latlng", "hashing"])
    #expect(LookupFunction.names == ["get", "exists", "getAfter", "existsAfter"])
    #expect(LookupFunction.allCases.filter(\.returnsDocument) == [.get, .getAfter])
    #expect(LookupFunction.allCases.filter(\.readsAfterWrite) == [.getAfter, .existsAfter])
    for function in LookupFunction.allCases {
      #expect(RulesService.firestore.functions[function.rawValue]?.arity == 1...1)
      #expect(BuiltinNames.globalFunctions[function.rawValue] == nil)
    }
    for function in RulesService.storage.lookups {
      #expect(RulesService.storage.namespaces["firestore"]?[function.rawValue]?.arity == 1...1)
      #expect(RulesService.storage.functions[function.rawValue] == nil)
    }
    #expect(RulesLimits.callDepth == 20)
    #expect(RulesLimits.lookupsPerRequest == 10)
    #expect(RulesLimits.lookupsPerBatch == 20)
    #expect(RulesLimits.expressions == 1_000)
  }
}
