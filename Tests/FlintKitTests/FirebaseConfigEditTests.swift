import FlintKit
import Testing

@Suite("FirebaseConfigEdit: the firestore section flint init adds to firebase.json")
struct FirebaseConfigEditTests {
  func added(_ text: String) throws -> String? {
    guard case .add(let result) = try FirebaseConfigEdit.plan(Array(text.utf8), name: "firebase.json") else {
      return nil
    }
    return result
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
    #expect(try FirebaseConfigEdit.plan(Array(one.utf8), name: "f") == .keep(rules: ["a.rules"]))
    let many = #"{"firestore": [{"database": "(default)", "rules": "a.rules"}, {"database": "b", "rules": "b.rules"}]}"#
    #expect(try FirebaseConfigEdit.plan(Array(many.utf8), name: "f") == .keep(rules: ["a.rules", "b.rules"]))
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
