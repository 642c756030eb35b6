import FirestoreModel
import RulesEngine
import RulesLanguage

/// Loads rule-test suites (JSON or YAML):
///
/// ```
/// {"rules": "firestore.rules", "data": {"users/alice": {...}} | "data.json",
///  "time": "2024-01-01T00:00:00Z", "database": "(default)",
///  "cases": [{"name": "...", "seed": {...} | "seed.json", "database"?, "request": {...} | "batch": [{...}, ...],
///             "expect": "allow" | "deny" | "not-found" | "already-exists"}]}
/// ```
///
/// Relative file names resolve against the suite's folder. Data is tagged JSON or REST
/// documents (`FixtureLoader`). Unknown keys, wrong types, bad paths and timestamps are
/// errors naming the file, the JSON path and the reason; rules that do not compile are an
/// error carrying their diagnostics. A rules file shared by several suites compiles once.
package struct SuiteLoader {
  static let suiteKeys: Set<String> = ["rules", "data", "time", "database", "cases", "bucket", "objects"]
  static let caseKeys: Set<String> = ["name", "seed", "request", "batch", "expect", "database", "maxReads", "objects"]
  /// The bucket of a Cloud Storage suite that names none (F20).
  package static let defaultBucket = "default-bucket"
  /// `request.time` when neither the suite nor the request gives one.
  package static let defaultTime = Timestamp(seconds: 0)

  /// Reads a whole file (replaceable for tests).
  package typealias Reader = @Sendable (String) throws(SuiteError) -> [UInt8]

  private let reader: Reader
  private var compiled: [String: (source: SourceFile, ruleset: Ruleset)] = [:]
  /// The database of suites that name none (`flint test --database`).
  package var defaultDatabase = DatabaseID.default
  /// Whether a suite with invalid cases still loads with its valid ones, the problems in
  /// `RuleSuite.caseErrors` (`flint test`); when false, any invalid case makes `load` throw
  /// every problem of every case.
  package var keepsValidCases = false

  /// Reads files from the disk.
  package static let diskReader: Reader = { path throws(SuiteError) in try SuiteFiles.read(path) }

  package init(reader: @escaping Reader = diskReader) {
    self.reader = reader
  }

  /// Loads the suite at `file` (YAML when it ends in `.yaml`/`.yml`, else JSON).
  package mutating func load(file: String) throws(SuiteError) -> RuleSuite {
    let bytes = try reader(file)
    let text: StructuredText
    do {
      text = try StructuredText(bytes: bytes, name: file)
    } catch {
      throw .invalid(error)
    }
    do {
      return try load(text, file: file)
    } catch let error as JSONError {
      throw .invalid(text.locate(error))
    } catch let CaseErrors.found(errors) {
      throw .invalidCases(errors.map(text.locate))
    } catch let error as SuiteError {
      throw error
    } catch {
      throw .unreadable("\(file): \(error)")
    }
  }

  private mutating func load(_ text: StructuredText, file: String) throws -> RuleSuite {
    let root = try text.value.object(at: .root)
    // Problems that do not stop the reading are collected, so one run reports them all.
    var errors: [JSONError] = []
    do {
      try root.rejectUnknownKeys(allowed: Self.suiteKeys, at: .root)
    } catch {
      errors.append(error)
    }
    let rulesName: String
    let casesJSON: [JSONValue]
    do throws(JSONError) {
      rulesName = try root.string("rules", at: .root)
      guard !rulesName.isEmpty else { throw JSONError("the rules file name is empty", path: .root.appending("rules")) }
      casesJSON = try root.array("cases", at: .root)
    } catch {
      // Without the rules or the cases nothing more can be read; report what was found so far too.
      if errors.isEmpty { throw error }
      throw CaseErrors.found(errors + [error])
    }
    var time = Self.defaultTime
    do {
      if let timeText = try root.optionalString("time", at: .root) {
        time = try TaggedJSONDecoder.timestamp(timeText, at: .root.appending("time"))
      }
    } catch {
      errors.append(error)
    }
    var database = defaultDatabase
    do {
      if let id = try Self.database(root, at: .root) { database = id }
    } catch {
      errors.append(error)
    }
    let rulesFile = SuiteFiles.resolve(rulesName, besides: file)
    let rules = try compile(rulesFile)
    let storage = try storageSetting(root, service: rules.ruleset.service, time: time, errors: &errors)
    let store =
      try root["data"].map { json throws in try documents(json, at: .root.appending("data"), suite: file) }
      ?? DocumentStore()
    guard !casesJSON.isEmpty else { throw JSONError("a suite needs at least one case", path: .root.appending("cases")) }

    // Cases are independent: an invalid case is reported with every problem it has, and the
    // others still run.
    var cases: [SuiteCase] = []
    var caseErrors: [JSONError] = []
    var names = Set<String>()
    let caseLines = text.elementLines(ofArrayAt: .root.appending("cases"), count: casesJSON.count)
    for (index, caseJSON) in casesJSON.enumerated() {
      let path = JSONPath.root.appending("cases").appending(index)
      var problems = CaseProblems()
      let read = readCase(
        caseJSON, at: path, suite: file, store: store, time: time, database: database, storage: storage,
        problems: &problems)
      if let name = read.name, !names.insert(name).inserted {
        problems.add(JSONError("another case is already named \"\(name)\"", path: path.appending("name")))
      }
      if problems.errors.isEmpty, var suiteCase = read.suiteCase {
        suiteCase.line = caseLines[index]
        cases.append(suiteCase)
      } else {
        caseErrors += problems.errors.map(text.locate)
      }
    }
    // Problems of the suite itself stop it (with those of its cases, all reported at once);
    // those of one case do not, when the caller keeps the valid cases.
    if !errors.isEmpty {
      let located = errors.map(text.locate) + caseErrors
      throw located.count == 1 ? SuiteError.invalid(located[0]) : SuiteError.invalidCases(located)
    }
    if !keepsValidCases, !caseErrors.isEmpty {
      throw caseErrors.count == 1 ? SuiteError.invalid(caseErrors[0]) : SuiteError.invalidCases(caseErrors)
    }
    var suite = RuleSuite(
      file: file, rulesFile: rulesFile, source: rules.source, ruleset: rules.ruleset, store: store, time: time,
      cases: cases)
    suite.caseErrors = caseErrors
    return suite
  }

  /// Reads one case, recording in `problems` every problem found (unknown keys, name, expect,
  /// seed, each request of a batch), not only the first. Returns the case when it is whole, and
  /// its name when it has one (for the duplicate check).
  private func readCase(
    _ json: JSONValue, at path: JSONPath, suite: String, store: DocumentStore, time: Timestamp, database: String,
    storage: StorageSetting?, problems: inout CaseProblems
  ) -> (suiteCase: SuiteCase?, name: String?) {
    guard let object = problems.attempt({ () throws(JSONError) in try json.object(at: path) }) else {
      return (nil, nil)
    }
    problems.attempt { () throws(JSONError) in try object.rejectUnknownKeys(allowed: Self.caseKeys, at: path) }
    let name = problems.attempt { () throws(JSONError) in try object.string("name", at: path) }
    let expect = problems.attempt { () throws(JSONError) -> Verdict in
      let expectValue = try object.value("expect", at: path)
      guard case .string(let expectText) = expectValue, let expect = Verdict(rawValue: expectText) else {
        throw JSONError("expected one of \(Verdict.names)", path: path.appending("expect"))
      }
      return expect
    }
    var caseStore: DocumentStore? = store
    if let seed = object["seed"] {
      do {
        caseStore = try documents(seed, at: path.appending("seed"), suite: suite)
      } catch let error as JSONError {
        problems.add(error)
        caseStore = nil
      } catch let error as SuiteError {
        problems.add(JSONError(error.description, path: path.appending("seed")))
        caseStore = nil
      } catch {
        problems.add(JSONError("\(error)", path: path.appending("seed")))
        caseStore = nil
      }
    }
    let caseDatabase =
      problems.attempt { () throws(JSONError) in try Self.database(object, at: path) ?? database } ?? database
    // Without its documents a request cannot be read (an update needs the stored document).
    guard let caseStore else { return (nil, name) }
    if let storage {
      return readStorageCase(
        object, at: path, name: name, expect: expect, store: caseStore, time: time, storage: storage,
        problems: &problems)
    }
    if object["objects"] != nil {
      problems.add(
        JSONError("\"objects\" are Cloud Storage objects; these rules are Firestore's", path: path.appending("objects"))
      )
    }
    let reader = RequestReader(defaultTime: time, store: caseStore, database: caseDatabase)
    var action: CaseAction?
    switch (object["request"], object["batch"]) {
    case (let request?, nil):
      let read = reader.readAll(request, at: path.appending("request"))
      for error in read.errors { problems.add(error) }
      action = read.request.map { .single($0) }
    case (nil, let batch?):
      guard let items = problems.attempt({ () throws(JSONError) in try batch.array(at: path.appending("batch")) })
      else {
        break
      }
      guard !items.isEmpty else {
        problems.add(JSONError("a batch needs at least one request", path: path.appending("batch")))
        break
      }
      var requests: [SuiteRequest] = []
      // A partial write (update, set) applies to the document as the batch's earlier writes left it.
      var running = caseStore
      var whole = true
      for (index, item) in items.enumerated() {
        let itemPath = path.appending("batch").appending(index)
        let read = RequestReader(defaultTime: time, store: running, database: caseDatabase).readAll(item, at: itemPath)
        for error in read.errors { problems.add(error) }
        guard let request = read.request else {
          whole = false
          continue
        }
        // A refused write changes nothing (and fails the batch).
        switch request.refusal == nil ? request.request.method : .get {
        case .create, .update:
          running.put(Document(path: request.request.path, fields: request.request.resourceData ?? [:]))
        case .delete: _ = running.remove(at: request.request.path)
        case .get, .list: break
        }
        guard request.request.method != .list else {
          problems.add(
            JSONError("a batch holds get and write requests; give a list request its own case", path: itemPath))
          whole = false
          continue
        }
        requests.append(request)
      }
      if whole { action = .batch(requests) }
    case (nil, nil):
      problems.add(JSONError("a case needs \"request\" or \"batch\"", path: path))
    case (_?, _?):
      problems.add(JSONError("a case has either \"request\" or \"batch\", not both", path: path.appending("batch")))
    }
    let maxReads = problems.attempt { () throws(JSONError) in try Self.maxReads(object, action: action, at: path) }
    guard let name, let expect, let action, let maxReads else { return (nil, name) }
    var suiteCase = SuiteCase(name: name, store: caseStore, action: action, expect: expect)
    suiteCase.maxReads = maxReads
    return (suiteCase, name)
  }

  /// What a Cloud Storage suite adds: its bucket and stored objects.
  struct StorageSetting {
    var bucket: String
    var objects: ObjectStore
  }

  /// The bucket and objects of a suite whose rules are Cloud Storage's (nil for Firestore's,
  /// where `bucket` and `objects` are errors).
  private func storageSetting(_ root: JSONObject, service: RulesService, time: Timestamp, errors: inout [JSONError])
    throws(JSONError) -> StorageSetting?
  {
    guard service.kind == .storage else {
      for key in ["bucket", "objects"] where root[key] != nil {
        errors.append(
          JSONError(
            "\"\(key)\" is for Cloud Storage rules; these rules are \(service.title)'s", path: .root.appending(key)))
      }
      return nil
    }
    if root["database"] != nil {
      errors.append(
        JSONError(
          "Cloud Storage rules read the (default) database; a Storage suite names a \"bucket\"",
          path: .root.appending("database")))
    }
    var bucket = Self.defaultBucket
    if let name = try root.optionalString("bucket", at: .root) {
      guard !name.isEmpty, !name.contains("/") else {
        throw JSONError("a bucket name such as \"my-app.appspot.com\" (no \"/\")", path: .root.appending("bucket"))
      }
      bucket = name
    }
    let objects =
      try root["objects"].map { json throws(JSONError) in
        try StorageRequestReader.objects(json, time: time, at: .root.appending("objects"))
      } ?? ObjectStore()
    return StorageSetting(bucket: bucket, objects: objects)
  }

  /// A case of a Cloud Storage suite: one request on the suite's (or the case's) objects.
  private func readStorageCase(
    _ object: JSONObject, at path: JSONPath, name: String?, expect: Verdict?, store: DocumentStore,
    time: Timestamp, storage: StorageSetting, problems: inout CaseProblems
  ) -> (suiteCase: SuiteCase?, name: String?) {
    for key in ["batch", "maxReads", "database"] where object[key] != nil {
      problems.add(JSONError("\"\(key)\" is not for Cloud Storage requests", path: path.appending(key)))
    }
    var objects = storage.objects
    if let json = object["objects"] {
      objects =
        problems.attempt { () throws(JSONError) in
          try StorageRequestReader.objects(json, time: time, at: path.appending("objects"))
        } ?? objects
    }
    guard let json = object["request"] else {
      problems.add(JSONError("a case needs \"request\"", path: path))
      return (nil, name)
    }
    let read = StorageRequestReader(defaultTime: time, bucket: storage.bucket).readAll(
      json, at: path.appending("request"))
    for error in read.errors { problems.add(error) }
    if let expect, expect != .allow, expect != .deny {
      problems.add(JSONError("a Cloud Storage case expects allow or deny", path: path.appending("expect")))
    }
    guard let name, let expect, let request = read.request, problems.errors.isEmpty else { return (nil, name) }
    var suiteCase = SuiteCase(name: name, store: store, action: .single(request), expect: expect)
    suiteCase.objects = objects
    return (suiteCase, name)
  }

  /// A case's `maxReads`: the most reads its list request's query may bill on the case's data
  /// (nil when not given).
  static func maxReads(_ object: JSONObject, action: CaseAction?, at path: JSONPath) throws(JSONError) -> Int? {
    guard let value = try object.optionalInt("maxReads", at: path) else { return nil }
    guard value >= 0, value <= 1_000_000_000 else {
      throw JSONError("maxReads needs a whole number from 0 to 1000000000", path: path.appending("maxReads"))
    }
    if let action {
      guard case .single(let request) = action, request.request.method == .list else {
        throw JSONError("maxReads is for a list request (a query)", path: path.appending("maxReads"))
      }
    }
    return Int(value)
  }

  /// The `database` of a suite or case: a database id such as `(default)` or `analytics`
  /// (nil when not given). The documents are that database's; its rules' lookups read them.
  static func database(_ object: JSONObject, at path: JSONPath) throws(JSONError) -> String? {
    guard let id = try object.optionalString("database", at: path) else { return nil }
    guard !id.isEmpty, !id.contains("/") else {
      throw JSONError(
        "a database id such as \"(default)\" or \"analytics\" (no \"/\")", path: path.appending("database"))
    }
    return id
  }

  /// Inline documents (tagged JSON or REST) or the name of a data file.
  private func documents(_ json: JSONValue, at path: JSONPath, suite: String) throws -> DocumentStore {
    switch json {
    case .string(let name):
      guard !name.isEmpty else { throw JSONError("the data file name is empty", path: path) }
      let dataFile = SuiteFiles.resolve(name, besides: suite)
      let bytes = try reader(dataFile)
      do throws(JSONError) {
        if StructuredText.isYAML(dataFile) {
          let text = try StructuredText(bytes: bytes, name: dataFile)
          do {
            return try Self.store(from: text.value, at: .root)
          } catch {
            throw text.locate(error)
          }
        }
        return try FixtureLoader.load(bytes: bytes, file: dataFile)
      } catch {
        throw SuiteError.invalid(error.inFile(dataFile))
      }
    case .object:
      return try Self.store(from: json, at: path)
    default:
      throw json.mismatch("an object of documents or a data file name", at: path)
    }
  }

  /// Documents decoded from tagged or REST JSON, with Firestore's document limits checked.
  static func store(from json: JSONValue, at path: JSONPath) throws(JSONError) -> DocumentStore {
    let documents = try FixtureLoader.documents(from: json, at: path)
    for document in documents {
      if let first = DocumentLimits.validate(document).first {
        throw JSONError(first.description, path: path)
      }
    }
    return DocumentStore(documents: documents)
  }

  /// The compiled rules at `path` (compiled once per loader).
  private mutating func compile(_ path: String) throws(SuiteError) -> (source: SourceFile, ruleset: Ruleset) {
    if let cached = compiled[path] { return cached }
    let entry = try Self.compileRules(atPath: path, reader: reader)
    compiled[path] = entry
    return entry
  }

  /// Reads and compiles a rules file; a file with errors throws `SuiteError.rules`.
  package static func compileRules(
    atPath path: String, reader: Reader = { path throws(SuiteError) in try SuiteFiles.read(path) }
  ) throws(SuiteError) -> (source: SourceFile, ruleset: Ruleset) {
    let bytes = try reader(path)
    let (source, problem) = SourceText.decode(bytes, name: path)
    if let problem { throw .rules(source: source, diagnostics: [problem]) }
    let result = RulesCompiler.compile(source)
    if result.hasErrors { throw .rules(source: source, diagnostics: result.diagnostics) }
    return (source, Ruleset(file: result.file, source: source))
  }
}

/// The problems of several cases of one suite (located by the caller).
private enum CaseErrors: Error {
  case found([JSONError])
}

/// The problems found in one case, all of them.
private struct CaseProblems {
  var errors: [JSONError] = []

  mutating func add(_ error: JSONError) { errors.append(error) }

  /// The result of `body`, or nil with its error recorded.
  @discardableResult
  mutating func attempt<T>(_ body: () throws(JSONError) -> T) -> T? {
    do {
      return try body()
    } catch {
      errors.append(error)
      return nil
    }
  }
}
