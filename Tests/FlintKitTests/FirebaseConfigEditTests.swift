import FlintKit
import Testing

@Suite("FirebaseConfigEdit: the firestore and storage sections flint init adds to firebase.json")
struct FirebaseConfigEditTests {
  func added(_ text: String, storage: Bool = false) throws -> String? {
    try FirebaseConfigEdit.plan(Array(text.utf8), name: "firebase.json", storage: storage).text
  }

  @Test("an empty object gets the section on its own lines")
  func emptyObject() throws {
    let section =
      "  \"firestore\": {\n    \"rules\": \"firestore.rules\",\n"
      + "    \"indexes\": \"firestore.indexes.json\"\n  }"
    #expect(try added("{}") == "{\n" + section + "\n}")
    #expect(try added("{ }\n") == "{\n" + section + "\n}\n")
  }

  @Test("tabs and CRLF line endings are copied")
  func tabsAndCRLF() throws {
    let text = "{\r\n\t\"hosting\": {}\r\n}\r\n"
    let expected =
      "{\r\n\t\"hosting\": {},\r\n\t\"firestore\": {\r\n\t\t\"rules\": \"firestore.rules\",\r\n"
      + "\t\t\"indexes\": \"firestore.indexes.json\"\r\n\t}\r\n}\r\n"
    #expect(try added(text) == expected)
  }

  @Test("an existing section is kept, naming its rules files (the multi-database array too)")
  func keeps() throws {
    let one = #"{"firestore": {"rules": "a.rules", "indexes": "i.json"}}"#
    #expect(try FirebaseConfigEdit.plan(Array(one.utf8), name: "f") == .init(firestoreRules: ["a.rules"]))
    let many = #"{"firestore": [{"database": "(default)", "rules": "a.rules"}, {"database": "b", "rules": "b.rules"}]}"#
    #expect(try FirebaseConfigEdit.plan(Array(many.utf8), name: "f") == .init(firestoreRules: ["a.rules", "b.rules"]))
  }

  @Test("a storage section is kept and makes the plan include Storage; --storage adds a missing one")
  func storage() throws {
    let both = #"{"firestore": {"rules": "a.rules"}, "storage": [{"bucket": "b", "rules": "s.rules"}]}"#
    let kept = try FirebaseConfigEdit.plan(Array(both.utf8), name: "f", storage: true)
    #expect(kept == .init(firestoreRules: ["a.rules"], storageRules: ["s.rules"]))
    #expect(kept.hasStorage)
    // Without --storage, no storage section is added and Storage is not part of the plan.
    let firestoreOnly = #"{"firestore": {"rules": "a.rules"}}"#
    let plain = try FirebaseConfigEdit.plan(Array(firestoreOnly.utf8), name: "f")
    #expect(plain.text == nil && !plain.hasStorage)
    #expect(
      try added(firestoreOnly, storage: true)
        == #"{"firestore": {"rules": "a.rules"}, "storage": {"rules": "storage.rules"}}"#)
    // Both sections missing: both are added, firestore first, each on its own lines.
    let section =
      "  \"firestore\": {\n    \"rules\": \"firestore.rules\",\n"
      + "    \"indexes\": \"firestore.indexes.json\"\n  },\n  \"storage\": {\n    \"rules\": \"storage.rules\"\n  }"
    #expect(try added("{\n  \"hosting\": {}\n}\n", storage: true) == "{\n  \"hosting\": {},\n" + section + "\n}\n")
    #expect(try added("{}", storage: true) == "{\n" + section + "\n}")
  }

  @Test("invalid JSON names file:line:col")
  func invalid() {
    #expect(throws: ProjectInit.Problem.self) { try FirebaseConfigEdit.plan(Array("{\"a\": }".utf8), name: "x.json") }
    do {
      _ = try FirebaseConfigEdit.plan(Array("{\"a\": }".utf8), name: "x.json")
    } catch {
      #expect(error.description.hasPrefix("x.json:1:7: not valid JSON: "))
    }
  }
}
