import FirestoreModel
import FlintKit
import RulesEngine
import Testing

/// Suites bind the database their requests go to (`database`, suite level or per case;
/// `flint test --database` for suites that name none).
@Suite struct DatabaseSuiteTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /events/{id} {
          allow get: if exists(/databases/analytics/documents/members/$(request.auth.uid));
        }
      }
    }

    """

  static func files(database: String?) -> MemoryFiles {
    let key = database.map { #""database": "\#($0)", "# } ?? ""
    let suite = """
      {"rules": "firestore.rules", \(key)"data": {"members/alice": {}, "events/e1": {}}, "cases": [
        {"name": "alice", "request": {"method": "get", "path": "events/e1", "auth": {"uid": "alice"}}, "expect": "allow"}]}
      """
    return MemoryFiles(["suite.json": suite, "firestore.rules": rules])
  }

  @Test func theSuitesDatabaseBindsTheRequestAndTheLookups() throws {
    let suite = try Self.files(database: "analytics").load()
    guard case .single(let request) = suite.cases[0].action else { return #expect(Bool(false)) }
    #expect(request.request.database == "analytics")
    let result = SuiteRunner().run(suite)
    #expect(result.cases[0].passed, "\(SuiteReport.text([result]))")
  }

  @Test func withoutItTheLookupOfAnotherDatabaseIsExplainedInWords() throws {
    let result = SuiteRunner().run(try Self.files(database: nil).load())
    #expect(result.cases[0].actual == .deny)
    let text = SuiteReport.text([result], explain: .full)
    #expect(!text.contains("path_value"), "\(text)")
    #expect(text.contains("rules read only the database of the request, (default), not analytics"), "\(text)")
  }

  @Test func flintTestDatabaseIsTheDefaultForSuitesThatNameNone() throws {
    var loader = SuiteLoader(reader: Self.files(database: nil).reader)
    loader.defaultDatabase = "analytics"
    #expect(SuiteRunner().run(try loader.load(file: "suite.json")).cases[0].passed)
    var named = SuiteLoader(reader: Self.files(database: "(default)").reader)
    named.defaultDatabase = "analytics"
    #expect(!SuiteRunner().run(try named.load(file: "suite.json")).cases[0].passed)
  }

  @Test func aBadDatabaseIdIsAnError() {
    let error = Self.files(database: "a/b").error()?.description ?? ""
    #expect(error.contains("$.database: a database id"))
  }
}
