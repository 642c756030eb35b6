import FirestoreModel
import IndexAdvisor
import Testing

/// Validation with the Firebase CLI's messages (spec §6.2), the JSON path, and the position.
@Suite("Manifest reading and validation")
struct ManifestReaderTests {
  func error(_ text: String) -> String? {
    do {
      _ = try ManifestReader.read(text, file: "m.json")
      return nil
    } catch {
      return error.description
    }
  }

  @Test("a valid manifest with every field kind reads")
  func valid() throws {
    let read = try ManifestReader.read(
      """
      {
        "indexes": [
          {"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
            {"fieldPath": "tags", "arrayConfig": "CONTAINS"},
            {"fieldPath": "createdAt", "order": "DESCENDING"}]},
          {"collectionGroup": "beans", "queryScope": "COLLECTION", "fields": [
            {"fieldPath": "kind", "order": "ASCENDING"},
            {"fieldPath": "embedding", "vectorConfig": {"dimension": 256, "flat": {}}}]}
        ],
        "fieldOverrides": [
          {"collectionGroup": "posts", "fieldPath": "body", "ttl": false, "indexes": []},
          {"collectionGroup": "logs", "fieldPath": "*", "indexes": [{"order": "ASCENDING", "queryScope": "COLLECTION_GROUP"}]}
        ]
      }
      """)
    #expect(read.manifest.indexes.count == 2)
    #expect(read.manifest.fieldOverrides.count == 2)
    #expect(read.manifest.fieldOverrides[1].fieldPath == nil)
    #expect(read.warnings.isEmpty)
  }

  @Test("missing members use the CLI's 'Must contain' message with the object")
  func mustContain() {
    #expect(error(#"{"fieldOverrides": []}"#) == #"m.json:1:1: $: Must contain "indexes": {"fieldOverrides":[]}"#)
    #expect(
      error(#"{"indexes": [{"queryScope": "COLLECTION", "fields": []}]}"#)
        == #"m.json:1:14: $.indexes[0]: Must contain "collectionGroup": {"queryScope":"COLLECTION","fields":[]}"#)
    #expect(
      error(#"{"indexes": [], "fieldOverrides": [{"collectionGroup": "a", "fieldPath": "b"}]}"#)
        == #"m.json:1:36: $.fieldOverrides[0]: Must contain "indexes": {"collectionGroup":"a","fieldPath":"b"}"#)
  }

  @Test("a field needs exactly one of order, arrayConfig, searchConfig, vectorConfig")
  func exactlyOne() {
    let text = """
      {"indexes": [{"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [
        {"fieldPath": "x", "order": "ASCENDING"},
        {"fieldPath": "y"}]}]}
      """
    #expect(
      error(text)
        == #"m.json:3:3: $.indexes[0].fields[1]: Must contain exactly one of "order,arrayConfig,searchConfig,vectorConfig": {"fieldPath":"y"}"#
    )
  }

  @Test("unknown orders use the CLI's 'must be one of' message (firebase-tools#8006)")
  func unknownOrder() {
    let text =
      #"{"indexes": [{"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [{"fieldPath": "userIds", "order": "CONTAINS"}, {"fieldPath": "z", "order": "ASCENDING"}]}]}"#
    #expect(
      error(text)?.hasSuffix(
        #"$.indexes[0].fields[0]: Field "order" must be one of ASCENDING, DESCENDING: {"fieldPath":"userIds","order":"CONTAINS"}"#
      )
        == true)
    let scope = #"{"indexes": [{"collectionGroup": "a", "queryScope": "DATABASE", "fields": []}]}"#
    #expect(error(scope)?.contains(#"Field "queryScope" must be one of COLLECTION, COLLECTION_GROUP"#) == true)
  }

  @Test("wrong types name the property")
  func wrongTypes() {
    #expect(error(#"{"indexes": {}}"#) == #"m.json:1:13: $.indexes: Property "indexes" must be of type array"#)
    #expect(
      error(
        #"{"indexes": [], "fieldOverrides": [{"collectionGroup": "a", "fieldPath": "b", "ttl": "yes", "indexes": []}]}"#
      )?
      .contains(#"Property "ttl" must be of type boolean"#) == true)
    #expect(error("[]")?.contains("must be a JSON object") == true)
  }

  @Test("vector configs need a whole positive dimension up to 2048 and flat")
  func vectorDimensions() {
    func vector(_ config: String) -> String? {
      error(
        #"{"indexes": [{"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [{"fieldPath": "k", "order": "ASCENDING"}, {"fieldPath": "v", "vectorConfig": \#(config)}]}]}"#
      )
    }
    #expect(
      vector(#"{"dimension": "256", "flat": {}}"#)?.contains(#"Property "dimension" must be of type number"#) == true)
    #expect(
      vector(#"{"dimension": 0, "flat": {}}"#)?.contains("vector dimension must be between 1 and 2048, found 0") == true
    )
    #expect(vector(#"{"dimension": 4096, "flat": {}}"#)?.contains("found 4096") == true)
    #expect(vector(#"{"dimension": 1.5, "flat": {}}"#)?.contains("whole number") == true)
    #expect(vector(#"{"dimension": 256}"#)?.contains(#"Must contain "flat""#) == true)
    #expect(vector(#"{"dimension": 256, "flat": {}}"#) == nil)
  }

  @Test("duplicate indexes and overrides are warnings, kept as written (firebase deploy skips the copy)")
  func duplicates() throws {
    let text = """
      {"indexes": [
        {"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "x", "order": "ASCENDING"}, {"fieldPath": "y", "order": "DESCENDING"}]},
        {"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "x", "order": "ASCENDING"}, {"fieldPath": "y", "order": "DESCENDING"},
          {"fieldPath": "__name__", "order": "DESCENDING"}]}]}
      """
    let read = try ManifestReader.read(text, file: "m.json")
    #expect(read.manifest.indexes.count == 2)
    #expect(read.warnings.count == 1)
    #expect(read.warnings.first?.hasPrefix("m.json: $.indexes[1]: duplicate index, the same as $.indexes[0]") == true)
    // Writing keeps both entries, and reading the output gives the same manifest.
    let written = ManifestWriter.text(read.manifest)
    #expect(try ManifestReader.read(written).manifest.indexes.count == 2)
    #expect(ManifestWriter.text(try ManifestReader.read(written).manifest) == written)

    let same =
      #"{"indexes": [], "fieldOverrides": [{"collectionGroup": "a", "fieldPath": "b", "indexes": []}, {"collectionGroup": "a", "fieldPath": "b", "indexes": []}]}"#
    let sameRead = try ManifestReader.read(same, file: "m.json")
    #expect(sameRead.manifest.fieldOverrides.count == 2)
    #expect(
      sameRead.warnings == [
        "m.json: $.fieldOverrides[1]: duplicate field override for a.b (also $.fieldOverrides[0]); remove it"
      ])
    let other =
      #"{"indexes": [], "fieldOverrides": [{"collectionGroup": "a", "fieldPath": "b", "indexes": []}, {"collectionGroup": "a", "fieldPath": "b", "indexes": [{"order": "ASCENDING", "queryScope": "COLLECTION"}]}]}"#
    #expect(
      try ManifestReader.read(other).warnings.first?.contains("Flint counts only the single-field indexes both list")
        == true)
  }

  @Test("index fields written with mode are read as the CLI upgrades them, in every format")
  func modeInEveryFormat() throws {
    let read = try ManifestReader.read(
      #"{"indexes": [{"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [{"fieldPath": "x", "mode": "ASCENDING"}, {"fieldPath": "t", "mode": "ARRAY_CONTAINS"}, {"fieldPath": "y", "mode": "DESCENDING"}]}]}"#
    )
    #expect(read.manifest.indexes.first?.fields.map(\.mode) == [.ascending, .contains, .descending])
    #expect(read.warnings.isEmpty)
    // `order` wins over `mode`, as in the CLI's upgrade.
    let both = try ManifestReader.read(
      #"{"indexes": [{"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [{"fieldPath": "x", "order": "DESCENDING", "mode": "ASCENDING"}, {"fieldPath": "y", "order": "ASCENDING"}]}]}"#
    )
    #expect(both.manifest.indexes.first?.fields.map(\.mode) == [.descending, .ascending])
    // Still refused: a lowercase value, and what is refused with `order` too.
    #expect(
      error(
        #"{"indexes": [{"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [{"fieldPath": "x", "mode": "asc"}, {"fieldPath": "y", "order": "ASCENDING"}]}]}"#
      )?
      .contains(#"Field "order" must be one of ASCENDING, DESCENDING"#) == true)
    #expect(
      error(
        #"{"indexes": [{"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [{"fieldPath": "x", "mode": "ASCENDING"}]}]}"#
      )?
      .contains("this index is not necessary") == true)
  }

  @Test("what the backend refuses at deploy: one-field indexes, two array fields, __name__ not last")
  func backendShapes() {
    func index(_ fields: String) -> String? {
      error(#"{"indexes": [{"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [\#(fields)]}]}"#)
    }
    #expect(index(#"{"fieldPath": "x", "order": "ASCENDING"}"#)?.contains("this index is not necessary") == true)
    #expect(index(#"{"fieldPath": "t", "arrayConfig": "CONTAINS"}"#)?.contains("this index is not necessary") == true)
    #expect(index(#"{"fieldPath": "__name__", "order": "DESCENDING"}"#) == nil)
    #expect(
      index(#"{"fieldPath": "x", "order": "DESCENDING"}, {"fieldPath": "__name__", "order": "ASCENDING"}"#) == nil)
    #expect(
      index(#"{"fieldPath": "t", "arrayConfig": "CONTAINS"}, {"fieldPath": "u", "arrayConfig": "CONTAINS"}"#)?
        .contains("at most one array field") == true)
    #expect(
      index(#"{"fieldPath": "__name__", "order": "ASCENDING"}, {"fieldPath": "x", "order": "ASCENDING"}"#)?
        .contains("__name__ must be the last field") == true)
    #expect(index("")?.contains("at least one field") == true)
    #expect(
      index(#"{"fieldPath": "a`b", "order": "ASCENDING"}, {"fieldPath": "c", "order": "ASCENDING"}"#)?.contains(
        "backtick") == true)
  }

  @Test("syntax errors keep the parser's position")
  func syntax() {
    #expect(error("{\n  \"indexes\": [,]\n}")?.hasPrefix("m.json:2:") == true)
  }

  @Test("comments are accepted (the CLI reads CJSON) with a warning")
  func comments() throws {
    let read = try ManifestReader.read(
      """
      // indexes for the app
      {"indexes": [ /* none yet */ ], "fieldOverrides": []}
      """)
    #expect(read.manifest.indexes.isEmpty)
    #expect(read.warnings.count == 1)
  }

  @Test("the v1beta1 format is upgraded with the CLI's warning")
  func legacyFormat() throws {
    let read = try ManifestReader.read(
      #"{"indexes": [{"collectionId": "a", "fields": [{"fieldPath": "x", "mode": "ARRAY_CONTAINS"}, {"fieldPath": "y", "mode": "DESCENDING"}]}]}"#
    )
    let index = try #require(read.manifest.indexes.first)
    #expect(index.collectionGroup == "a")
    #expect(index.scope == .collection)
    #expect(index.fields.map(\.mode) == [.contains, .descending])
    #expect(read.warnings.first?.contains("v1beta1 API format") == true)
  }

  @Test("a missing queryScope reads as COLLECTION, as firebase deploy does, with a warning")
  func missingScope() throws {
    let read = try ManifestReader.read(
      #"{"indexes": [{"collectionGroup": "a", "fields": [{"fieldPath": "x", "order": "ASCENDING"}, {"fieldPath": "y", "order": "ASCENDING"}]}]}"#
    )
    #expect(read.manifest.indexes.first?.scope == .collection)
    #expect(read.warnings.first?.contains("queryScope") == true)
  }
}
