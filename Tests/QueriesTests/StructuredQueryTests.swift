import FirestoreModel
import Queries
import Testing

@Suite("Structured JSON queries")
struct StructuredQueryTests {
  func read(_ text: String) throws -> Query {
    try StructuredQueryReader.read(try JSONParser.parse(text))
  }

  @Test("the JSON form builds the same AST as the DSL")
  func sameAST() throws {
    let json = try read(
      #"{"collection": "users", "where": [["age", ">=", 18], ["tags", "array-contains", "dev"]], "orderBy": [["age", "desc"]], "limit": 5}"#
    )
    let dsl = try #require(
      QueryParser.parse(
        #"collection("users").where("age", ">=", 18).where("tags", "array-contains", "dev").orderBy("age", "desc").limit(5)"#
      )
      .query)
    #expect(json == dsl)
  }

  @Test("composites, tagged values and variables")
  func compositesAndTags() throws {
    let query = try read(
      #"{"collectionGroup": "posts", "where": [{"or": [["owner", "==", {"__var__": "auth.uid"}], ["at", "<", {"__timestamp__": "2024-01-01T00:00:00Z"}]]}]}"#
    )
    let context = QueryContext(bindings: ["auth": .map(["uid": .string("alice")])])
    let resolved = try QueryValidator.validate(query, context: context)
    #expect(resolved.filters.count == 1)
    #expect(resolved.flattenedFilters.first?.value == .string("alice"))
  }

  @Test(
    "unknown keys and malformed filters are errors",
    arguments: [
      #"{"collection": "c", "limt": 3}"#, #"{"where": []}"#, #"{"collection": "c", "collectionGroup": "d"}"#,
      #"{"collection": "c", "where": [["a", "=", 1]]}"#, #"{"collection": "c", "where": [["a", "=="]]}"#,
      #"{"collection": "c", "orderBy": [["a", "up"]]}"#,
    ])
  func rejects(_ text: String) {
    #expect(throws: JSONError.self) { try read(text) }
  }
}
