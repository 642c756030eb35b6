import FlintKit
import Testing

/// Which `firestore` entry of `firebase.json` names the index manifest: the database's own
/// entry, never another database's (issue 7 audit: `eu.json` was used for `(default)`); and
/// which database a command uses (`chosenDatabase`, the one policy of issue 19).
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

  @Test("a single entry is chosen whatever its database (with a note); its files are its own only")
  func singleEntry() throws {
    let single = try Self.config(#"{"firestore": [{"database": "eu", "indexes": "eu.json"}]}"#)
    let chosen = try single.chosenDatabase(nil)
    #expect(chosen.id == "eu" && chosen.note == "database eu, the only one firebase.json names")
    #expect(single.indexes(for: "eu") == "eu.json")
    // Asked for by id, another database's manifest is never used in its stead.
    #expect(single.indexes(for: "(default)") == nil)
    let object = try Self.config(#"{"firestore": {"rules": "a.rules"}}"#)
    #expect(object.indexes(for: "(default)") == nil)
    let note = try #require(object.missingIndexesNote(for: "(default)", option: "--existing"))
    #expect(!note.contains("other databases"))
  }

  @Test("no --database: (default) when listed, else the only one, else ask; never a note for (default) alone")
  func chosenWithoutFlag() throws {
    let object = try Self.config(#"{"firestore": {"rules": "a.rules"}}"#)
    let plain = try object.chosenDatabase(nil)
    #expect(plain.id == "(default)" && plain.note == nil)
    let two = try Self.config(Self.twoDatabases)
    let chosen = try two.chosenDatabase(nil)
    #expect(chosen.id == "(default)")
    #expect(chosen.note == "firebase.json names several databases ((default), eu): using (default); pick another with --database")
    let neither = try Self.config(#"{"firestore": [{"database": "eu", "rules": "a"}, {"database": "us", "rules": "b"}]}"#)
    #expect(throws: FirebaseConfigError.self) { try neither.chosenDatabase(nil) }
    do {
      _ = try neither.chosenDatabase(nil)
    } catch {
      #expect(error.message == "firebase.json names several databases (eu, us) and none is (default): pick one with --database")
    }
  }

  @Test("an explicit --database must have an entry; a listed one is used without a note")
  func chosenWithFlag() throws {
    let two = try Self.config(Self.twoDatabases)
    let eu = try two.chosenDatabase("eu")
    #expect(eu.id == "eu" && eu.note == nil)
    do {
      _ = try two.chosenDatabase("asia")
      Issue.record("asia has no entry: expected an error")
    } catch {
      #expect(
        error.message == "firebase.json names no database 'asia' (it names (default), eu): pick one of those with "
          + "--database, or give the files as options")
    }
  }

  @Test("the database's own rules, never another's: an entry without rules is an error when others have some")
  func rulesOfItsOwn() throws {
    let config = try Self.config(#"{"firestore": [{"database": "eu", "indexes": "eu.json"}, {"rules": "a.rules"}]}"#)
    #expect(try config.rules(for: "(default)") == "a.rules")
    #expect(throws: FirebaseConfigError.self) { try config.rules(for: "eu") }
    #expect(config.rulesFiles == ["a.rules"])
  }
}
