import FlintKit
import Testing

/// Which `firestore` entry of `firebase.json` names the index manifest: the database's own
/// entry or the only one, never another database's (issue 7 audit: `eu.json` was used for
/// `(default)`).
@Suite struct FirebaseConfigDatabaseTests {
  static func config(_ text: String) throws -> FirebaseConfig {
    try FirebaseConfig(bytes: Array(text.utf8), name: "firebase.json")
  }

  static let twoDatabases = """
    {"firestore": [{"database": "(default)", "rules": "a.rules"},
                   {"database": "eu", "rules": "eu.rules", "indexes": "eu.json"}]}
    """

  @Test("the (default) entry names no manifest: none is used, and the note names eu's")
  func defaultWithout() throws {
    let config = try Self.config(Self.twoDatabases)
    #expect(config.indexes(for: "(default)") == nil)
    #expect(config.indexes(for: "eu") == "eu.json")
    #expect(config.database("(default)")?.rules == "a.rules")
    let note = try #require(config.missingIndexesNote(for: "(default)", option: "--existing"))
    #expect(
      note == #"firebase.json names no "indexes" file for the (default) database: only the automatic indexes are "#
        + "assumed; other databases name one (eu: eu.json): pick it with --existing eu.json or --database eu")
    #expect(config.missingIndexesNote(for: "eu", option: "--existing") == nil)
  }

  @Test("the database's own entry wins wherever it is in the array")
  func ownEntry() throws {
    let config = try Self.config("""
      {"firestore": [{"database": "eu", "indexes": "eu.json"},
                     {"database": "(default)", "rules": "a.rules", "indexes": "main.json"}]}
      """)
    #expect(config.indexes(for: "(default)") == "main.json")
    #expect(config.indexes(for: "eu") == "eu.json")
    #expect(config.indexes(for: "asia") == nil)
    #expect(config.missingIndexesNote(for: "asia", option: "--indexes")?.contains("(it has no entry)") == true)
  }

  @Test("a single entry is used whatever its database; without indexes the note says so")
  func singleEntry() throws {
    let single = try Self.config(#"{"firestore": [{"database": "eu", "indexes": "eu.json"}]}"#)
    #expect(single.indexes(for: "(default)") == "eu.json")
    let object = try Self.config(#"{"firestore": {"rules": "a.rules"}}"#)
    #expect(object.indexes(for: "(default)") == nil)
    let note = try #require(object.missingIndexesNote(for: "(default)", option: "--existing"))
    #expect(!note.contains("other databases"))
  }
}
