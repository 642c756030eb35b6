import FirestoreModel
import Queries
import RulesLanguage
import Testing

@Suite("Query parser")
struct QueryParserTests {
  func parse(_ text: String) -> ParsedQuery { QueryParser.parse(text) }

  @Test("classic, shorthand and Swift forms build the same filter")
  func equivalentForms() throws {
    let classic = try #require(parse(#"collection("c").where("age", ">=", 18)"#).query)
    let shorthand = try #require(parse(#"db.collection("c").where(age >= 18)"#).query)
    let swift = try #require(parse(#"db.collection("c").whereField("age", isGreaterThanOrEqualTo: 18)"#).query)
    #expect(classic.steps.count == 1)
    guard case .filter(let f1) = classic.steps[0].kind, case .filter(let f2) = shorthand.steps[0].kind,
      case .filter(let f3) = swift.steps[0].kind
    else {
      Issue.record("expected filters")
      return
    }
    guard case .field(_, let op1, let v1) = f1.kind, case .field(_, let op2, let v2) = f2.kind,
      case .field(_, let op3, let v3) = f3.kind
    else {
      Issue.record("expected field filters")
      return
    }
    #expect(op1 == .greaterThanOrEqual && op2 == op1 && op3 == op1)
    #expect(v1 == v2 && v2 == v3)
  }

  @Test("numbers: fraction means double, otherwise a 64-bit integer")
  func numbers() throws {
    let query = try #require(parse(#"collection("c").startAt(1, 1.0, -2, 1e3, -9223372036854775808)"#).query)
    guard case .cursor(_, let values) = query.steps[0].kind else {
      Issue.record("expected a cursor")
      return
    }
    #expect(values.map(\.kind) == [.integer(1), .double(1), .integer(-2), .double(1000), .integer(.min)])
  }

  @Test("an integer past 64 bits is a diagnostic with its range")
  func integerOverflow() {
    let text = #"collection("c").where("a", "==", 9223372036854775808)"#
    let parsed = parse(text)
    let source = SourceFile(name: "q", text: text)
    #expect(parsed.diagnostics.first?.code == "query.integer-overflow")
    #expect(parsed.diagnostics.first.map { source.text(in: $0.range) } == "9223372036854775808")
  }

  @Test("backtick segments and FieldPath build explicit segments")
  func fieldSegments() throws {
    let query = try #require(parse(#"collection("c").where(a.`b.c`.d == 1).orderBy(FieldPath("x.y", "z"))"#).query)
    guard case .filter(let filter) = query.steps[0].kind, case .field(let ref, _, _) = filter.kind,
      case .orderBy(let order, _) = query.steps[1].kind
    else {
      Issue.record("unexpected steps")
      return
    }
    #expect(ref.kind == .segments(["a", "b.c", "d"]))
    #expect(order.kind == .segments(["x.y", "z"]))
  }

  @Test("doc().collection() chains extend the collection path")
  func subcollectionChain() throws {
    let query = try #require(parse(#"db.collection("users").doc("alice").collection("posts")"#).query)
    #expect(query.source == QuerySource(.collection, "users/alice/posts"))
  }

  @Test("recovery: one bad step does not hide a later one")
  func recovery() {
    let parsed = parse(#"collection("c").where("a" # 1).orderBy("b", "sideways").limit(2)"#)
    #expect(parsed.diagnostics.count == 3)
    #expect(parsed.query?.steps.count == 1)
  }

  @Test("an empty source and a stray token are diagnostics, not crashes")
  func emptyAndTrailing() {
    #expect(parse("").query == nil)
    #expect(parse("   // nothing").diagnostics.first?.code == "query.empty")
    #expect(parse(#"collection("c") extra"#).diagnostics.first?.code == "query.trailing")
  }

  @Test("unterminated strings and comments are reported")
  func unterminated() {
    #expect(parse(#"collection("c"#).diagnostics.contains { $0.code == "query.unterminated-string" })
    #expect(parse(#"collection("c") /* open"#).diagnostics.contains { $0.code == "query.unterminated-comment" })
  }

  @Test("geopoint ranges are checked with the SDK's wording")
  func geopointRange() {
    let parsed = parse(#"collection("c").where("g", "==", geopoint(91, 0))"#)
    #expect(parsed.diagnostics.first?.message == "Latitude must be a number between -90 and 90, but was: 91")
  }

  @Test(
    "bad input never crashes",
    arguments: [
      "", "(", ")", ".", "collection", "collection(", "collection(\"", "collection(\"c\").", "collection(\"c\").where(",
      "collection(\"c\").where(or(", "collection(\"c\").where(a.)", "collection(\"c\").where(`", "query(",
      "query(collection(",
      "collection(\"c\").startAt([{", "collection(\"c\").where(\"a\", \"==\", -)",
      "collection(\"c\").where(\"a\", \"==\", {\"k\" 1})",
      "collection(\"c\").where(\"a\", \"==\", \"\\u12\")", "\u{0}\u{1}\u{7f}", "collection(\"c\").where(\"é\" == 'ü')",
      String(repeating: "(", count: 500), String(repeating: "collection(\"c\")", count: 3),
    ])
  func badInput(_ text: String) {
    let parsed = parse(text)
    if parsed.query == nil { #expect(parsed.hasErrors) }
    for diagnostic in parsed.diagnostics {
      #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= text.utf8.count)
    }
  }
}
