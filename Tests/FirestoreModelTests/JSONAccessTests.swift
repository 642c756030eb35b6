import FirestoreModel
import Testing

@Suite struct JSONAccessTests {
  let object: JSONObject = [
    "name": "x", "count": 3, "ratio": 0.5, "flag": true, "list": [1], "inner": ["a": 1], "nothing": nil,
  ]
  let path = JSONPath.root.appending("cases").appending(3)

  @Test func readsTypedMembers() throws {
    #expect(try object.string("name", at: path) == "x")
    #expect(try object.int("count", at: path) == 3)
    #expect(try object.double("ratio", at: path) == 0.5)
    #expect(try object.double("count", at: path) == 3.0)
    #expect(try object.bool("flag", at: path))
    #expect(try object.array("list", at: path) == [.int(1)])
    #expect(try object.object("inner", at: path)["a"] == .int(1))
    #expect(try object.optionalString("absent", at: path) == nil)
    #expect(try object.optionalInt("count", at: path) == 3)
  }

  @Test func missingKeyNamesTheObject() {
    #expect(throws: JSONError("missing required key \"request\"", path: path)) {
      try object.object("request", at: path)
    }
  }

  @Test func wrongKindNamesTheMember() {
    #expect(throws: JSONError("expected a string, found an integer", path: path.appending("count"))) {
      try object.string("count", at: path)
    }
    #expect(throws: JSONError("expected an integer, found a fractional number", path: path.appending("ratio"))) {
      try object.int("ratio", at: path)
    }
    #expect(throws: JSONError("expected a boolean, found null", path: path.appending("nothing"))) {
      try object.optionalBool("nothing", at: path)
    }
  }

  @Test func unknownKeysAreRejected() {
    #expect(throws: JSONError.self) { try object.rejectUnknownKeys(allowed: ["name"], at: path) }
    do {
      try object.rejectUnknownKeys(allowed: ["name", "count", "ratio", "flag", "list", "inner"], at: path)
      Issue.record("accepted unknown key")
    } catch {
      #expect(error.description.hasPrefix("$.cases[3].nothing: unknown key \"nothing\""))
    }
  }

  @Test func pathsQuoteAmbiguousKeys() {
    #expect(JSONPath.root.description == "$")
    #expect(JSONPath.root.appending("users/alice").appending("age").description == "$.users/alice.age")
    #expect(JSONPath.root.appending("a.b").appending(0).description == "$['a.b'][0]")
    #expect(JSONPath.root.appending("").appending("it's").description == "$[''][\'it\\'s\']")
  }

  @Test func errorDescriptionLeavesOutUnknownParts() {
    #expect(JSONError("bad", path: .root).description == "$: bad")
    #expect(JSONError("bad", path: .root, file: "f.json").description == "f.json: $: bad")
    #expect(JSONError("bad", path: .root, line: 2, column: 3, file: "f.json").description == "f.json:2:3: $: bad")
  }

  @Test func objectSubscriptSetsAndRemoves() {
    var o = JSONObject()
    o["b"] = 1
    o["a"] = 2
    o["b"] = 3
    #expect(o.keys == ["b", "a"])
    #expect(o["b"] == .int(3))
    o["b"] = nil
    #expect(o.keys == ["a"])
    #expect(JSONObject(members: [.init(key: "a", value: 1), .init(key: "a", value: 2)]) == nil)
  }
}
