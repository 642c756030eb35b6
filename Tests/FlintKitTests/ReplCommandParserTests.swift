import FlintKit
import Testing

/// Reading `flint repl` lines: requests, queries, meta commands, and errors with columns.
@Suite struct ReplCommandParserTests {
  @Test("requests need no prefix; the JSON keeps its column")
  func requests() throws {
    #expect(
      try ReplCommandParser.parse("get /users/alice")
        == .request(.get, path: "/users/alice", pathColumn: 5, json: nil, jsonColumn: 0))
    #expect(
      try ReplCommandParser.parse("  update /posts/p1   {\"title\": \"y\"}  ")
        == .request(.update, path: "/posts/p1", pathColumn: 10, json: "{\"title\": \"y\"}", jsonColumn: 22))
  }

  @Test("anything else is query text; blank lines and # comments do nothing")
  func queriesAndBlanks() throws {
    #expect(try ReplCommandParser.parse(#" collection("posts").limit(2) "#) == .query(#"collection("posts").limit(2)"#))
    #expect(try ReplCommandParser.parse("   ") == .nothing)
    #expect(try ReplCommandParser.parse("# a note") == .nothing)
  }

  @Test("a mistyped request is an unknown command with the request it resembles, not a query")
  func mistypedRequest() throws {
    #expect(
      throws: ReplParseError(
        "unknown command 'gte', did you mean 'get'? (requests: get create update set delete; queries start with collection(...))",
        column: 3)
    ) {
      try ReplCommandParser.parse("  gte /rooms/x")
    }
    #expect(
      throws: ReplParseError(
        "unknown command 'DELETE', did you mean 'delete'? (requests: get create update set delete; queries start with collection(...))",
        column: 1)
    ) {
      try ReplCommandParser.parse("DELETE /rooms/x")
    }
    // A word followed by a path, close to no request: still a command, not query text.
    #expect(
      throws: ReplParseError(
        "unknown command 'fetch' (requests: get create update set delete; queries start with collection(...))",
        column: 1)
    ) {
      try ReplCommandParser.parse("fetch /rooms/x")
    }
    // Queries are left to the query parser.
    #expect(try ReplCommandParser.parse(#"collection("rooms")"#) == .query(#"collection("rooms")"#))
    #expect(try ReplCommandParser.parse(#"db.collection("rooms")"#) == .query(#"db.collection("rooms")"#))
  }

  @Test("meta commands and their arguments")
  func meta() throws {
    #expect(try ReplCommandParser.parse(":as alice") == .asUser(.user("alice"), claimsJSON: nil, claimsColumn: 1))
    #expect(
      try ReplCommandParser.parse(#":as alice {"admin": true}"#)
        == .asUser(.user("alice"), claimsJSON: #"{"admin": true}"#, claimsColumn: 11))
    #expect(try ReplCommandParser.parse(":as nobody") == .asUser(.nobody, claimsJSON: nil, claimsColumn: 0))
    #expect(try ReplCommandParser.parse(":as anonymous") == .asUser(.anonymous, claimsJSON: nil, claimsColumn: 0))
    #expect(try ReplCommandParser.parse(":load rules my rules.rules") == .load(.rules, "my rules.rules"))
    #expect(try ReplCommandParser.parse(":explain on") == .explain(true))
    #expect(try ReplCommandParser.parse(":commit") == .batchCommit)
    #expect(try ReplCommandParser.parse(":commit off") == .applyWrites(false))
    #expect(try ReplCommandParser.parse(":save indexes out.json") == .saveIndexes("out.json"))
    #expect(try ReplCommandParser.parse(":data clubs") == .showData("clubs"))
    #expect(try ReplCommandParser.parse(":help as") == .help("as"))
  }

  @Test(
    "malformed commands name the column of the word at fault",
    arguments: [
      (":bogus", 1), ("get", 4), ("get /users/alice extra", 18), ("create /posts/p1", 17), (":explain maybe", 10),
      (":load nonsense f", 7), (":as nobody {}", 12), (":time", 6), (":save rules x", 7), (":quit now", 7),
    ])
  func errors(line: String, column: Int) {
    #expect(throws: ReplParseError.self) { try ReplCommandParser.parse(line) }
    do {
      _ = try ReplCommandParser.parse(line)
    } catch {
      #expect(error.column == column, "\(line): \(error.message)")
    }
  }
}
