import FirestoreModel
import FlintTestSupport
import Queries
import RulesLanguage
import Testing

/// The fast paths added for speed (DNF shortcuts, linear de-duplication, byte-level string
/// checks, lazy messages) must answer exactly what the straightforward versions answer.
/// Each property test compares against a plain reference written here, on seeded random
/// inputs; the string tests pin non-ASCII text, which takes the character-level path.
@Suite("Query fast paths")
struct FastPathTests {
  static let fields = ["a", "b", "c.d", "__name__", "__id5__", "__id12__", "é"].map {
    FieldPath($0.split(separator: ".").map(String.init))
  }
  static let operators: [FilterOperator] = [.equal, .lessThan, .greaterThanOrEqual, .notEqual, .in, .arrayContains]

  static func randomFilter(depth: Int, _ random: inout SplitMix64) -> Filter {
    if depth == 0 || Int.random(in: 0..<3, using: &random) == 0 {
      let field = fields.randomElement(using: &random)!
      let op = operators.randomElement(using: &random)!
      return .field(FieldFilter(field, op, .integer(Int64.random(in: 0..<3, using: &random))))
    }
    let count = Int.random(in: 0..<4, using: &random)
    let children = (0..<count).map { _ in randomFilter(depth: depth - 1, &random) }
    return .composite(Bool.random(using: &random) ? .and : .or, children)
  }

  /// DNF as first written: every node expanded through the general product and sum.
  static func referenceBranches(_ filter: Filter, limit: Int) -> [[FieldFilter]]? {
    switch filter {
    case .field(let f):
      return [[f]]
    case .composite(.or, let children):
      var out: [[FieldFilter]] = []
      for child in children {
        guard let sub = referenceBranches(child, limit: limit) else { return nil }
        out += sub
        if out.count > limit { return nil }
      }
      return out
    case .composite(.and, let children):
      var out: [[FieldFilter]] = [[]]
      for child in children {
        guard let sub = referenceBranches(child, limit: limit) else { return nil }
        var next: [[FieldFilter]] = []
        for left in out {
          for right in sub { next.append(left + right) }
        }
        if next.count > limit { return nil }
        out = next
      }
      return out
    }
  }

  @Test("DNF branches match the general expansion on random filter trees")
  func dnfMatchesReference() {
    var random = SplitMix64(seed: 20_251_122)
    for _ in 0..<2_000 {
      let filters = (0..<Int.random(in: 0..<4, using: &random)).map { _ in Self.randomFilter(depth: 3, &random) }
      for limit in [0, 1, 4, 30] {
        let expected = Self.referenceBranches(.composite(.and, filters), limit: limit)
        #expect(DNF.branches(filters, limit: limit) == expected, "filters \(filters), limit \(limit)")
      }
    }
  }

  @Test("inequality fields and normalized order-by match the set-based definition")
  func orderByMatchesReference() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<2_000 {
      var query = ResolvedQuery(scope: .collection(ResourcePath(segments: ["c"])))
      query.filters = (0..<Int.random(in: 0..<25, using: &random)).map { _ in Self.randomFilter(depth: 2, &random) }
      query.explicitOrderBy = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
        OrderBy(Self.fields.randomElement(using: &random)!, Bool.random(using: &random) ? .ascending : .descending)
      }
      let flattened = query.filters.flatMap(\.flattened)
      let expectedFields = Set(flattened.filter { $0.op.isInequality }.map(\.field)).sorted(by: FieldPathOrder.precedes)
      #expect(QueryNormalizer.inequalityFields(query.filters) == expectedFields)

      var expectedOrder = query.explicitOrderBy
      let direction = expectedOrder.last?.direction ?? .ascending
      var present = Set(expectedOrder.map(\.field))
      for field in expectedFields where !present.contains(field) && !field.isDocumentID {
        expectedOrder.append(OrderBy(field, direction))
        present.insert(field)
      }
      if !present.contains(.documentID) { expectedOrder.append(OrderBy(.documentID, direction)) }
      #expect(QueryNormalizer.normalizedOrderBy(query) == expectedOrder)
      #expect(query.flattenedFilters == flattened)
    }
  }

  func prepare(_ text: String) -> QueryPipeline.Prepared {
    QueryPipeline.prepare(SourceFile(name: "<test>", text: text))
  }

  @Test("non-ASCII field paths: forbidden characters and empty segments are still found")
  func nonASCIIFieldPaths() throws {
    let forbidden = prepare(#"collection("c").where("é~x", "==", 1)"#)
    #expect(forbidden.error?.code == "invalid-field-path")
    #expect(forbidden.error?.message.contains("Paths must not contain '~'") == true)
    let empty = prepare(#"collection("c").where("é..ü", "==", 1)"#)
    #expect(empty.error?.message.contains("Paths must not be empty") == true)
    let fine = try #require(prepare(#"collection("c").where("é.ü", ">", 1)"#).normalized)
    #expect(fine.orderBy.first?.field == FieldPath(["é", "ü"]))
    let ascii = try #require(prepare(#"collection("c").where("a.b", ">", 1)"#).normalized)
    #expect(ascii.orderBy.first?.field == FieldPath(["a", "b"]))
    #expect(prepare(#"collection("c").where("a.", "==", 1)"#).error?.message.contains("must not be empty") == true)
  }

  @Test("non-ASCII collection paths: '//' and '/' in a group id are still found")
  func nonASCIICollectionPaths() throws {
    #expect(prepare(#"collection("café//x")"#).error?.code == "bad-path")
    #expect(prepare(#"collectionGroup("ü/x")"#).error?.code == "bad-collection-group")
    let nested = try #require(prepare(#"collection("café/d/ü")"#).normalized)
    #expect(nested.scope == .collection(ResourcePath(segments: ["café", "d", "ü"])))
    let plain = try #require(prepare(#"collection("/a/b/c/")"#).normalized)
    #expect(plain.scope == .collection(ResourcePath(segments: ["a", "b", "c"])))
  }

  @Test("string literals with and without escapes decode to the same values as before")
  func stringLiterals() throws {
    let query = try #require(
      QueryParser.parse(#"collection("c").where("a", "in", ["x\"y", "plain", "é", "\u00e9"])"#).query)
    guard case .filter(let filter) = query.steps[0].kind, case .field(_, _, let value) = filter.kind,
      case .array(let items) = value.kind
    else {
      Issue.record("expected an in filter")
      return
    }
    #expect(items.map(\.kind) == [.string("x\"y"), .string("plain"), .string("é"), .string("é")])
  }

  @Test("keywords are matched on the exact spelling; an error message still names the step")
  func keywordsAndMessages() {
    #expect(prepare(#"firestore.collection("c").limit(to: 2)"#).error == nil)
    #expect(prepare(#"collectionx("c")"#).diagnostics.first?.code == "query.expected-source")
    // Any receiver may come before collection(...): code names its Firestore instance freely.
    #expect(prepare(#"dbx.collection("c")"#).error == nil)
    let unclosed = prepare(#"collection("c").limit(2"#)
    #expect(unclosed.diagnostics.first?.message == "expected ')' to close limit(, found end of input")
  }
}
