import FirestoreModel
import RulesEngine
import RulesLanguage

/// Loads rule-test suites (JSON or YAML):
///
/// ```
/// {"rules": "firestore.rules", "data": {"users/alice": {...}} | "data.json",
///  "time": "2024-01-01T00:00:00Z",
///  "cases": [{"name": "...", "seed": {...} | "seed.json", "request": {...} | "batch": [{...}, ...],
///             "expect": "allow" | "deny"}]}
/// ```
///
/// Relative file names resolve against the suite's folder. Data is tagged JSON or REST
/// documents (`FixtureLoader`). Unknown keys, wrong types, bad paths and timestamps are
/// errors naming the file, the JSON path and the reason; rules that do not compile are an
/// error carrying their diagnostics. A rules file shared by several suites compiles once.
public struct SuiteLoader {
  static let suiteKeys: Set<String> = ["rules", "data", "time", "cases"]
  static let caseKeys: Set<String> = ["name", "seed", "request", "batch", "expect"]
  /// `request.time` when neither the suite nor the request gives one.
  public static let defaultTime = Timestamp(seconds: 0)

  /// Reads a whole file (replaceable for tests).
  public typealias Reader = @Sendable (String) throws(SuiteError) -> [UInt8]

  private let reader: Reader
  private var compiled: [String: (source: SourceFile, ruleset: Ruleset)] = [:]

  public init(reader: @escaping Reader = { path throws(SuiteError) in try SuiteFiles.read(path) }) {
    self.reader = reader
  }

  /// Loads the suite at `file` (YAML when it ends in `.yaml`/`.yml`, else JSON).
  public mutating func load(file: String) throws(SuiteError) -> RuleSuite {
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
    let rulesFile = SuiteFiles.resolve(rulesName, besides: file)
    let rules = try compile(rulesFile)
    let store =
      try root["data"].map { json throws in try documents(json, at: .root.appending("data"), suite: file) }
      ?? DocumentStore()
    guard !casesJSON.isEmpty else { throw JSONError("a suite needs at least one case", path: .root.appending("cases")) }

    // Cases are independent: every invalid one is reported, not only the first.
    var cases: [SuiteCase] = []
    var names = Set<String>()
    let caseLines = text.elementLines(ofArrayAt: .root.appending("cases"), count: casesJSON.count)
    for (index, caseJSON) in casesJSON.enumerated() {
      let path = JSONPath.root.appending("cases").appending(index)
      do {
        var suiteCase = try readCase(caseJSON, at: path, suite: file, store: store, time: time)
        guard names.insert(suiteCase.name).inserted else {
          throw JSONError("another case is already named \"\(suiteCase.name)\"", path: path.appending("name"))
        }
        suiteCase.line = caseLines[index]
        cases.append(suiteCase)
      } catch let error as JSONError {
        errors.append(error)
      }
    }
    if errors.count == 1 { throw errors[0] }
    if !errors.isEmpty { throw CaseErrors.found(errors) }
    return RuleSuite(
      file: file, rulesFile: rulesFile, source: rules.source, ruleset: rules.ruleset, store: store, time: time,
      cases: cases)
  }

  private func readCase(_ json: JSONValue, at path: JSONPath, suite: String, store: DocumentStore, time: Timestamp)
    throws -> SuiteCase
  {
    let object = try json.object(at: path)
    try object.rejectUnknownKeys(allowed: Self.caseKeys, at: path)
    let name = try object.string("name", at: path)
    let expectValue = try object.value("expect", at: path)
    guard case .string(let expectText) = expectValue, let expect = Verdict(rawValue: expectText) else {
      throw JSONError("expected one of allow, deny", path: path.appending("expect"))
    }
    let caseStore =
      try object["seed"].map { json throws in try documents(json, at: path.appending("seed"), suite: suite) }
      ?? store
    let reader = RequestReader(defaultTime: time, store: caseStore)
    let action: CaseAction
    switch (object["request"], object["batch"]) {
    case (let request?, nil):
      action = .single(try reader.read(request, at: path.appending("request")))
    case (nil, let batch?):
      let items = try batch.array(at: path.appending("batch"))
      guard !items.isEmpty else { throw JSONError("a batch needs at least one request", path: path.appending("batch")) }
      var requests: [SuiteRequest] = []
      // A partial write (update, set) applies to the document as the batch's earlier writes left it.
      var running = caseStore
      for (index, item) in items.enumerated() {
        let itemPath = path.appending("batch").appending(index)
        let request = try RequestReader(defaultTime: time, store: running).read(item, at: itemPath)
        switch request.request.method {
        case .create, .update:
          running.put(Document(path: request.request.path, fields: request.request.resourceData ?? [:]))
        case .delete: _ = running.remove(at: request.request.path)
        case .get, .list: break
        }
        guard request.request.method != .list else {
          throw JSONError("a batch holds get and write requests; give a list request its own case", path: itemPath)
        }
        requests.append(request)
      }
      action = .batch(requests)
    case (nil, nil):
      throw JSONError("a case needs \"request\" or \"batch\"", path: path)
    case (_?, _?):
      throw JSONError("a case has either \"request\" or \"batch\", not both", path: path.appending("batch"))
    }
    return SuiteCase(name: name, store: caseStore, action: action, expect: expect)
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
  public static func compileRules(
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
