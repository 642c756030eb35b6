import FirestoreModel
import FlintKit
import RulesEngine
import RulesLanguage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Compiled Cloud Storage security rules (`service firebase.storage`), ready to decide uploads,
/// downloads, listings and deletes offline, as `flint test` does.
///
/// ```swift
/// let rules = try StorageRules(contentsOf: URL(fileURLWithPath: "storage.rules"))
/// let upload = StorageRequest.upload(
///   "users/alice/avatar.png", metadata: #"{"size": 2048, "contentType": "image/png"}"#, as: .user("alice"))
/// print(try rules.evaluate(upload).allowed)
/// ```
public struct StorageRules: Sendable {
  let source: SourceFile
  let ruleset: Ruleset

  /// Compiles rules text; `name` is the file name diagnostics and explanations show.
  /// - Throws: ``FlintError`` with the diagnostics when the rules have errors, or when they are
  ///   not Cloud Storage rules.
  public init(source text: String, name: String = "storage.rules") throws {
    try self.init(CompiledRulesFile.compile(text: text, name: name))
  }

  /// Reads and compiles a rules file, decoded as `flint check` decodes it.
  public init(contentsOf url: URL) throws {
    try self.init(CompiledRulesFile.compile(contentsOf: url))
  }

  /// Reads and compiles the rules file at `path`.
  public init(path: String) throws {
    try self.init(contentsOf: URL(fileURLWithPath: path))
  }

  private init(_ compiled: (source: SourceFile, ruleset: Ruleset)) throws {
    guard compiled.ruleset.service.kind == .storage else {
      let service = compiled.ruleset.service
      throw FlintError(
        "\(compiled.source.name): these are \(service.title) rules (service \(service.name)); use FirestoreRules")
    }
    (source, ruleset) = compiled
  }

  /// Decides `request` on the stored `objects` (what `resource` reads), with `data` the Cloud
  /// Firestore documents `firestore.get()` and `firestore.exists()` read.
  /// - Throws: ``FlintError`` when the request itself is invalid: an object name Storage
  ///   refuses, metadata that is not JSON or not a map of strings.
  public func evaluate(
    _ request: StorageRequest, objects: StorageObjects = StorageObjects(), data: Documents = Documents()
  ) throws -> RulesDecision {
    let reader = StorageRequestReader(defaultTime: SuiteLoader.defaultTime, bucket: request.bucket)
    let read = reader.readAll(try request.json(), at: .root)
    guard let suiteRequest = read.request else {
      throw FlintError("\(request): " + read.errors.map(\.description).joined(separator: "; "))
    }
    var suiteCase = SuiteCase(
      name: request.description, store: data.store, action: .single(suiteRequest), expect: .allow)
    suiteCase.objects = objects.store
    let evaluator = Evaluator(ruleset: ruleset, options: EvaluationOptions(traceLevel: .full))
    return RulesDecision(SuiteRunner().run(suiteCase, evaluator), source: source)
  }

  /// Whether the rules allow `request`. Use ``evaluate(_:objects:data:)`` to see why.
  public func allows(
    _ request: StorageRequest, objects: StorageObjects = StorageObjects(), data: Documents = Documents()
  ) throws -> Bool {
    try evaluate(request, objects: objects, data: data).allowed
  }
}

/// The objects of a bucket as rules see them: each object's metadata by name.
///
/// ```swift
/// let objects = try StorageObjects(json: #"{"users/alice/avatar.png": {"size": 2048, "contentType": "image/png"}}"#)
/// ```
public struct StorageObjects: Sendable {
  let store: ObjectStore

  /// No objects.
  public init() { store = ObjectStore() }

  /// Objects from JSON: `{"name": {"size", "contentType", "metadata": {...}, ...}}`, as a
  /// Storage suite's `objects`.
  public init(json: String) throws {
    do throws(JSONError) {
      store = try StorageRequestReader.objects(JSONParser.parse(json), time: SuiteLoader.defaultTime, at: .root)
    } catch {
      throw FlintError("objects: \(error.description)")
    }
  }
}

/// A Cloud Storage request: an upload, a download, a folder listing, a metadata update or a
/// delete, sent as some user. Names are object names under `/b/<bucket>/o`.
public struct StorageRequest: Sendable, CustomStringConvertible {
  let method: String
  let path: String
  /// The uploaded object's metadata, or the changed metadata, as JSON text.
  let metadata: String?
  /// Who sends the request.
  public let identity: Identity
  /// The bucket (`request.path` is `/b/<bucket>/o/...`).
  public let bucket: String

  init(_ method: String, _ path: String, metadata: String? = nil, identity: Identity, bucket: String = "default-bucket")
  {
    self.method = method
    self.path = path
    self.metadata = metadata
    self.identity = identity
    self.bucket = bucket
  }

  /// A download or a metadata read (`allow get`, `allow read`).
  public static func download(_ name: String, as identity: Identity = .signedOut) -> StorageRequest {
    StorageRequest("get", name, identity: identity)
  }

  /// An upload (`allow create`, `allow write`); `metadata` is the object's `size`,
  /// `contentType`, custom `metadata` and so on, as JSON.
  public static func upload(_ name: String, metadata: String = "{}", as identity: Identity = .signedOut)
    -> StorageRequest
  {
    StorageRequest("create", name, metadata: metadata, identity: identity)
  }

  /// A metadata update (`allow update`); `metadata` holds the changed fields, as JSON.
  public static func updateMetadata(_ name: String, metadata: String, as identity: Identity = .signedOut)
    -> StorageRequest
  {
    StorageRequest("update", name, metadata: metadata, identity: identity)
  }

  /// A delete (`allow delete`, `allow write`).
  public static func delete(_ name: String, as identity: Identity = .signedOut) -> StorageRequest {
    StorageRequest("delete", name, identity: identity)
  }

  /// A listing of `folder` (`allow list`; Storage needs `rules_version = '2'`).
  public static func list(_ folder: String, as identity: Identity = .signedOut) -> StorageRequest {
    StorageRequest("list", folder, identity: identity)
  }

  /// The same request sent to another bucket.
  public func inBucket(_ bucket: String) -> StorageRequest {
    StorageRequest(method, path, metadata: metadata, identity: identity, bucket: bucket)
  }

  /// `create users/alice/avatar.png as alice`.
  public var description: String { "\(method) \(path) as \(identity)" }

  /// The request as a Storage suite gives it.
  func json() throws -> JSONValue {
    var members = [
      JSONMember(key: "method", value: .string(method)), JSONMember(key: "path", value: .string(path)),
      JSONMember(key: "auth", value: identity.json),
    ]
    if let metadata {
      do {
        members.append(JSONMember(key: "object", value: try JSONParser.parse(metadata, file: "metadata")))
      } catch {
        throw FlintError("\(self): \(error.description)")
      }
    }
    return .object(JSONObject(members: members)!)
  }
}
