import FirestoreModel
import Queries
import RulesLanguage
import Testing

/// Names nothing binds, in queries pasted from app code: unknown values that never make a query
/// invalid, substituted when bound, and refused where the answer depends on them.
@Suite("Unknown values")
struct UnknownValueTests {
  static let unknowns = QueryContext(placeholdersForUnbound: true)

  func prepare(_ text: String, _ context: QueryContext = unknowns) -> QueryPipeline.Prepared {
    QueryPipeline.prepare(SourceFile(name: "<test>", text: text), context: context)
  }

  @Test("a path segment held in a variable is a wildcard segment; the collection id is kept")
  func pathSegment() throws {
    let prepared = prepare(#"query(collection(db, "orgs", orgId, "projects"), where("status", "==", "open"))"#)
    let normalized = try #require(prepared.normalized)
    #expect(normalized.scope == .collection(ResourcePath(segments: ["orgs", "{orgId}", "projects"])))
    #expect(normalized.unknownValues.map(\.name) == ["orgId"])
  }

  @Test("a bound segment is substituted; a bound non-string segment is the SDK's type error")
  func boundSegment() throws {
    let text = #"collection(db, "orgs", orgId, "projects")"#
    let bound = QueryContext(bindings: ["orgId": .string("acme")], placeholdersForUnbound: true)
    let normalized = try #require(prepare(text, bound).normalized)
    #expect(normalized.scope == .collection(ResourcePath(segments: ["orgs", "acme", "projects"])))
    #expect(normalized.unknownValues.isEmpty)
    let number = QueryContext(bindings: ["orgId": .integer(7)], placeholdersForUnbound: true)
    #expect(prepare(text, number).error?.code == "bad-path-segment")
  }

  @Test("the collection id itself is needed: an unknown one is the unbound-variable error naming it")
  func unknownCollectionID() throws {
    let error = try #require(prepare(#"collection(db, "tenants", tenant, kind)"#).error)
    #expect(error.code == "unbound-variable")
    #expect(error.unboundVariable == "kind")
    #expect(error.message == "no value bound for 'kind' (the collection id)")
  }

  @Test("without placeholders an unbound name is still an error (suites, the Swift API's bindings)")
  func strictContext() throws {
    let error = try #require(prepare(#"collection("posts").where("owner", "==", who)"#, QueryContext()).error)
    #expect(error.unboundVariable == "who")
  }

  @Test("an unknown list for in / not-in / array-contains-any stands in as one value")
  func unknownLists() throws {
    for op in ["in", "not-in", "array-contains-any"] {
      let normalized = try #require(prepare(#"collection("posts").where("tag", "\#(op)", tags)"#).normalized, "\(op)")
      #expect(normalized.flattenedFilters.map(\.value) == [.array([.string("<tags>")])], "\(op)")
      #expect(normalized.unknownValues.map(\.name) == ["tags"], "\(op)")
    }
  }

  @Test("unknown limit, offset and cursor values keep the query's shape")
  func unknownWindows() throws {
    let normalized = try #require(
      prepare(#"collection("posts").orderBy("at").startAfter(last).limit(pageSize).offset(skip)"#).normalized)
    #expect(normalized.limit != nil)
    #expect(normalized.startAt?.position.count == 2)  // at, __name__: the snapshot idiom
    #expect(normalized.unknownValues.map(\.name) == ["last", "pageSize", "skip"])
  }

  @Test(
    "the signed-in user, in any SDK's spelling, is auth.uid; the client's clock is an unknown value, not request.time")
  func userAndClock() throws {
    let context = QueryContext(
      bindings: ["request.auth": .map(["uid": .string("alice")]), "request.time": .timestamp(Timestamp(seconds: 9))],
      placeholdersForUnbound: true)
    for user in [
      "auth.currentUser!.uid", "auth.currentUser?.uid", "Auth.auth().currentUser?.uid",
      "FirebaseAuth.instance.currentUser!.uid",
    ] {
      let prepared = prepare(#"collection("c").where("owner", "==", \#(user))"#, context)
      let normalized = try #require(prepared.normalized, "\(user)")
      #expect(normalized.flattenedFilters.first?.value == .string("alice"), "\(user)")
      #expect(normalized.unknownValues.isEmpty, "\(user)")
    }
    for now in ["Timestamp.now()", "new Date()", "Date()", "DateTime.now()", "firebase.firestore.Timestamp.now()"] {
      let normalized = try #require(
        prepare(#"collection("c").where("at", "<", \#(now))"#, context).normalized, "\(now)")
      #expect(normalized.flattenedFilters.first?.value != .timestamp(Timestamp(seconds: 9)), "\(now)")
      #expect(normalized.unknownValues.map(\.name) == [now], "\(now)")
    }
  }

  @Test("any other expression is an unknown value named by its text, and a binding of that text sets it")
  func expressions() throws {
    let text = #"collection("c").where("at", ">", Date.now() - 86400000).where("n", "==", counts[0] ?? 1)"#
    let normalized = try #require(prepare(text).normalized)
    #expect(normalized.unknownValues.map(\.name) == ["Date.now() - 86400000", "counts[0] ?? 1"])
    let bound = QueryContext(bindings: ["Date.now() - 86400000": .integer(5)], placeholdersForUnbound: true)
    let rebound = try #require(prepare(text, bound).normalized)
    #expect(rebound.unknownValues.map(\.name) == ["counts[0] ?? 1"])
  }

  @Test("casts and non-null marks are dropped from values: the value is what is cast")
  func casts() throws {
    let normalized = try #require(
      prepare(#"collection("c").where("state", "==", "open" as const).limit(20 as number)"#).normalized)
    #expect(normalized.flattenedFilters.first?.value == .string("open"))
    #expect(normalized.limit == 20)
    #expect(normalized.unknownValues.isEmpty)
  }
}
