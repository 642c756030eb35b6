import RulesLanguage
import Testing

@testable import Queries

private func nested(_ open: String, _ inner: String, _ close: String, depth: Int) -> String {
  String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
}

/// Red-team regressions: `and(` 5,000 deep (or arrays, maps, `geopoint(` calls nested as
/// deep) overflowed the stack in the recursive query parser. Nesting is now capped with a
/// diagnostic, well above anything Firestore accepts.
@Suite("Query nesting limit")
struct QueryNestingTests {
  @Test(
    "hostile nesting is one diagnostic, not a crash",
    arguments: [
      ("and(", #"where("x", "==", 1)"#, ")"),
      ("or(", #"where("x", "==", 1)"#, ")"),
    ])
  func deepComposites(open: String, inner: String, close: String) {
    let parsed = QueryParser.parse(#"collection("a").where("# + nested(open, inner, close, depth: 50_000) + ")")
    #expect(parsed.diagnostics.contains { $0.code == "query.too-deep" })
    #expect(parsed.diagnostics.count < 5)
  }

  @Test(
    "deep values: arrays, maps and constructor calls",
    arguments: [
      nested("[", "1", "]", depth: 50_000),
      nested("{a: ", "1", "}", depth: 50_000),
      nested("geopoint(", "1", ", 1)", depth: 50_000),
    ])
  func deepValues(value: String) {
    let parsed = QueryParser.parse(#"collection("a").where("x", "==", "# + value + ").limit(1)")
    #expect(parsed.diagnostics.contains { $0.code == "query.too-deep" })
  }

  @Test("nesting up to the limit still parses")
  func atTheLimit() throws {
    let depth = QueryParserCore.maxNesting - 1
    let parsed = QueryParser.parse(
      #"collection("a").where("# + nested("and(", #"where("x", "==", 1)"#, ")", depth: depth) + ")")
    #expect(!parsed.hasErrors)
    let query = try #require(parsed.query)
    #expect(query.steps.count == 1)
  }
}
