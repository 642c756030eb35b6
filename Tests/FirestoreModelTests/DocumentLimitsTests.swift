import FirestoreModel
import Testing

@Suite struct DocumentLimitsTests {
  static let taskPath = ResourcePath(parsing: "users/jeff/tasks/my_task_id")!

  @Test func storageSizeMatchesTheDocumentedExample() {
    // "Storage size calculations": name 44 bytes, fields 71 bytes, document 147 bytes.
    #expect(StorageSize.documentName(Self.taskPath) == 44)
    let fields: [String: Value] = [
      "type": .string("Personal"), "done": .boolean(false), "priority": .integer(1),
      "description": .string("Learn Cloud Firestore"),
    ]
    #expect(StorageSize.fields(fields) == 71)
    #expect(StorageSize.document(Document(path: Self.taskPath, fields: fields)) == 147)
  }

  @Test func valueSizesPerType() {
    #expect(StorageSize.value(.null) == 1)
    #expect(StorageSize.value(.boolean(true)) == 1)
    #expect(StorageSize.value(.integer(5)) == 8)
    #expect(StorageSize.value(.double(5)) == 8)
    #expect(StorageSize.value(.timestamp(Timestamp(seconds: 0))) == 8)
    #expect(StorageSize.value(.geoPoint(GeoPoint(latitude: 0, longitude: 0))) == 16)
    #expect(StorageSize.value(.string("é")) == 3)
    #expect(StorageSize.value(.bytes([1, 2, 3])) == 3)
    #expect(StorageSize.value(.reference(Self.taskPath)) == 44)
    #expect(StorageSize.value(.array([.integer(1), .string("ab")])) == 11)
    #expect(StorageSize.value(.map(["a": .integer(1)])) == 2 + 8 + 32)
  }

  func kinds(_ path: String, _ fields: [String: Value]) -> [LimitViolation.Kind] {
    DocumentLimits.validate(
      Document(path: ResourcePath(segments: path.split(separator: "/").map(String.init)), fields: fields)
    ).map(\.kind)
  }

  @Test func acceptsAnOrdinaryDocument() {
    #expect(
      kinds("users/alice", ["name": .string("Alice"), "tags": .array([.string("a")]), "m": .map(["x": .null])]).isEmpty)
  }

  @Test func documentSizeLimitIsOneMebibyte() {
    let path = ResourcePath(parsing: "c/d")!
    let base = StorageSize.documentName(path) + 32 + StorageSize.string("s")
    // A string value of n UTF-8 bytes costs n + 1.
    let fits = String(repeating: "x", count: DocumentLimits.maxDocumentSize - base - 1)
    let fitting = Document(path: path, fields: ["s": .string(fits)])
    #expect(StorageSize.document(fitting) == 1_048_576)
    #expect(!DocumentLimits.validate(fitting).contains { $0.kind == .documentSize })
    let over = Document(path: path, fields: ["s": .string(fits + "x")])
    let violations = DocumentLimits.validate(over)
    #expect(violations.map(\.kind) == [.fieldValueSize, .documentSize])
    #expect(violations.last?.description == "c/d: document is 1048577 bytes; the limit is 1048576 (1 MiB)")
    #expect(
      violations.first?.description == "c/d: field s: value is 1048523 bytes; the limit is 1048487 (1 MiB - 89 bytes)")
  }

  @Test func fieldNameRules() {
    #expect(kinds("c/d", ["": .null]) == [.emptyFieldName])
    #expect(kinds("c/d", ["__name__": .null]) == [.reservedFieldName])
    #expect(kinds("c/d", ["m": .map(["__x__": .null])]) == [.reservedFieldName])
    #expect(kinds("c/d", ["a": .array([.map(["": .integer(1)])])]) == [.emptyFieldName])
    #expect(kinds("c/d", ["__": .null, "___": .null, "_a_": .null]).isEmpty)
    #expect(kinds("c/d", [String(repeating: "k", count: 1501): .null]) == [.fieldNameSize])
    let long = String(repeating: "k", count: 800)
    #expect(kinds("c/d", [long: .map([long: .null])]) == [.fieldPathSize])
    let violation = DocumentLimits.validate(
      Document(path: ResourcePath(parsing: "c/d")!, fields: ["m": .map(["a.b": .map(["__k__": .null])])]))
    #expect(
      violation.first?.description
        == "c/d: field m.`a.b`.__k__: field name \"__k__\" matches the reserved pattern __.*__")
  }

  @Test func nestingDepthIsTwentyLevels() {
    func nested(_ levels: Int) -> Value {
      var value = Value.integer(1)
      for _ in 1..<levels { value = .map(["n": value]) }
      return value
    }
    #expect(kinds("c/d", ["top": nested(20)]).isEmpty)
    #expect(kinds("c/d", ["top": nested(21)]) == [.nestingDepth])
    var arrays = Value.integer(1)
    for _ in 1..<21 { arrays = .map(["a": .array([arrays])]) }
    #expect(kinds("c/d", ["x": arrays]).contains(.nestingDepth))
  }

  @Test func arraysCannotHoldArrays() {
    let violations = DocumentLimits.validate(
      Document(path: ResourcePath(parsing: "c/d")!, fields: ["a": .array([.integer(1), .array([])])]))
    #expect(violations.map(\.description) == ["c/d: field a[1]: an array cannot directly contain another array"])
  }

  @Test(arguments: [
    ("c", "c: a document path needs an even, non-zero number of segments; this one has 1"),
    ("c/.", "c/.: document id \".\" is not allowed (. and .. are reserved)"),
    ("../d", "../d: collection id \"..\" is not allowed (. and .. are reserved)"),
    ("c/__id1__", "c/__id1__: document id \"__id1__\" matches the reserved pattern __.*__"),
    ("__c__/d", "__c__/d: collection id \"__c__\" matches the reserved pattern __.*__"),
  ])
  func pathRules(path: String, message: String) {
    let parsed = ResourcePath(segments: path.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
    #expect(DocumentLimits.validate(path: parsed).map(\.description) == [message])
  }

  @Test func idSizeAndSlashes() {
    #expect(DocumentLimits.idProblem(String(repeating: "i", count: 1500)) == nil)
    #expect(DocumentLimits.idProblem(String(repeating: "i", count: 1501)) == "is 1501 bytes; the limit is 1500")
    #expect(DocumentLimits.idProblem("a/b") == "contains '/'")
    #expect(DocumentLimits.idProblem("") == "is empty")
  }

  @Test func subcollectionDepthAndNameSize() {
    let deep = ResourcePath(segments: (0..<202).map { "s\($0 % 10)" })
    #expect(DocumentLimits.validate(path: deep).map(\.kind) == [.subcollectionDepth])
    let deepest = ResourcePath(segments: (0..<200).map { "s\($0 % 10)" })
    #expect(DocumentLimits.validate(path: deepest).isEmpty)
    let longNames = ResourcePath(segments: (0..<6).map { _ in String(repeating: "n", count: 1100) })
    #expect(DocumentLimits.validate(path: longNames).map(\.kind) == [.documentNameSize])
  }

  @Test func indexEntriesFollowAutomaticIndexing() {
    #expect(IndexEntryCount.automatic(["a": .integer(1), "b": .null]) == 4)
    #expect(IndexEntryCount.automatic(["m": .map(["x": .integer(1), "y": .map(["z": .string("s")])])]) == 4)
    #expect(IndexEntryCount.automatic(["t": .array([.integer(1), .double(1.0), .string("1"), .integer(2)])]) == 3)
    #expect(IndexEntryCount.automatic(["e": .array([]), "em": .map([:])]) == 0)
    let many = Value.array((0..<20_001).map { .integer(Int64($0)) })
    #expect(kinds("c/d", ["big": many]) == [.indexEntries])
    let fine = Value.array((0..<20_000).map { .integer(Int64($0)) })
    #expect(kinds("c/d", ["big": fine]).isEmpty)
  }

  @Test func loaderReportsViolationsWithPlace() {
    do {
      _ = try FixtureLoader.load(
        text: "{\n  \"users/a\": {\"ok\": 1},\n  \"users/b\": {\"__bad__\": 1, \"\": 2}\n}", file: "seed.json")
      Issue.record("accepted reserved field names")
    } catch {
      #expect(
        error.description == "seed.json:3:14: $.users/b: users/b: field ``: field names must not be empty (and 1 more)")
    }
    #expect((try? FixtureLoader.load(text: #"{"users/b": {"__bad__": 1, "x": 2}}"#, checkLimits: false))?.count == 1)
  }
}
