import FirestoreModel
import FlintKit
import FlintTestSupport
import RulesEngine
import RulesLanguage
import Testing

/// Random pairs of small Cloud Storage rulesets: every witness `flint diff` shows flips the
/// decision in Flint's engine (replayed as a Storage suite case, with its bucket and stored
/// objects), and for every method it proves the same, random Storage requests never get
/// different decisions from the two rulesets.
@Suite struct StorageDiffPropertyTests {
  static let atoms = [
    "request.auth != null", "request.auth.uid == uid", "request.resource.size < 1024",
    "request.resource.contentType.matches('image/.*')", "request.resource.contentType == 'image/png'",
    "resource.metadata.owner == request.auth.uid", "request.resource.metadata.owner == request.auth.uid",
    "resource == null", "request.resource == null", "resource.size > 10",
    "firestore.exists(/databases/(default)/documents/admins/$(request.auth.uid))", "true", "false",
  ]
  static let methods = ["read", "write", "get", "list", "create", "update", "delete"]

  static func rules(_ random: inout SplitMix64) -> String {
    var allows = ""
    for _ in 0..<(1 + Int(random.next() % 3)) {
      let method = methods[Int(random.next() % UInt64(methods.count))]
      allows += "      allow \(method): if \(DiffPropertyTests.condition(&random, atoms: atoms));\n"
    }
    return """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /users/{uid}/{file} {
      \(allows)    }
        }
      }

      """
  }

  /// Storage requests over the values the atoms name, with the objects and documents they read.
  static func randomRequest(_ random: inout SplitMix64) -> (Request, ObjectStore, DocumentStore) {
    func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    let method = pick([RequestMethod.get, .list, .create, .update, .delete])
    let name = ["users", pick(["a", "b"]), pick(["f", "g.png"])]
    let auth: Auth? = pick([nil, Auth(uid: "a"), Auth(uid: "b")])
    var objects = ObjectStore()
    if method == .update || (method != .list && random.next() % 2 == 0) {
      objects.objects[name.joined(separator: "/")] = [
        "size": .integer(pick([0, 11, 2048])), "contentType": .string(pick(["image/png", "text/plain"])),
        "metadata": .map(random.next() % 2 == 0 ? ["owner": .string(pick(["a", "b"]))] : [:]),
      ]
    }
    var upload: [String: Value]?
    if method == .create || method == .update {
      upload = [
        "contentType": .string(pick(["image/png", "image/svg+xml", "text/plain"])),
        "metadata": .map(["owner": .string(pick(["a", "b"]))]),
      ]
      if method == .create { upload?["size"] = .integer(pick([10, 5000])) }
    }
    let documents = DocumentStore(
      documents: random.next() % 2 == 0 ? [Document(path: ResourcePath(segments: ["admins", "a"]), fields: [:])] : [])
    let request = Request(
      method: method, path: ResourcePath(segments: name), database: "demo-bucket", auth: auth,
      time: Timestamp(seconds: 1_700_000_000), resourceData: upload)
    return (request, objects, documents)
  }

  @Test func witnessesFlipAndSameMeansSame() throws {
    var random = SplitMix64(seed: 29)
    var compared = 0
    var witnesses = 0
    var provedSame = 0
    for _ in 0..<24 {
      let oldText = Self.rules(&random)
      let newText = Self.rules(&random)
      guard let old = DiffPropertyTests.compile(oldText), let new = DiffPropertyTests.compile(newText) else { continue }
      compared += 1
      let report = try DiffJob.compare(old: old, new: new)
      for change in report.changes {
        for witness in change.witnesses {
          witnesses += 1
          let json = JSONValue.object(JSONObject(DiffRenderer.suiteInputs(witness)))
          let oldVerdict = try SuiteReplay.verdict(of: json, rules: oldText)
          let newVerdict = try SuiteReplay.verdict(of: json, rules: newText)
          let expected = witness.allowedBy.rawValue == "new" ? ("deny", "allow") : ("allow", "deny")
          #expect(oldVerdict == expected.0 && newVerdict == expected.1, "\(oldText)\n\(newText)\n\(json)")
        }
      }
      let proved = Set(report.unchanged.filter(\.isProved).map(\.method))
      provedSame += proved.count
      for _ in 0..<150 {
        let (request, objects, documents) = Self.randomRequest(&random)
        guard proved.contains(request.method) else { continue }
        let a = DiffJob.decides(request, old, documents, objects: objects)
        let b = DiffJob.decides(request, new, documents, objects: objects)
        #expect(a == b, "\(oldText)\n\(newText)\n\(request.method) \(request.path) \(objects.objects)")
      }
    }
    #expect(compared > 20)
    #expect(witnesses > 10)
    #expect(provedSame > 0)
  }

  /// A Storage ruleset against itself (an atom at a time): never a change.
  @Test(arguments: atoms)
  func rulesetEqualsItself(_ atom: String) throws {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /users/{uid}/{file} { allow read, write: if \(atom); }
        }
      }
      """
    let rules = try #require(DiffPropertyTests.compile(text))
    let report = try DiffJob.compare(old: rules, new: rules)
    #expect(report.changes.isEmpty)
  }

  /// An upload over a stored object is also read as an update (F1), which the create question
  /// does not encode: with update loosened, create is not claimed the same, and such an upload
  /// does flip.
  @Test func overwriteLeavesCreateUnproved() throws {
    let oldText = PackagePaths.text("Corpus/diff/storage-owner.old.rules")
    let newText = PackagePaths.text("Corpus/diff/storage-owner.new.rules")
    let old = try #require(DiffPropertyTests.compile(oldText))
    let new = try #require(DiffPropertyTests.compile(newText))
    let report = try DiffJob.compare(old: old, new: new)
    let create = try #require(report.unchanged.first { $0.method == .create })
    #expect(!create.isProved)
    let objects = ObjectStore(["shared/x": ["metadata": .map(["owner": .string("a")])]])
    let upload = Request(
      method: .create, path: ResourcePath(segments: ["shared", "x"]), database: "b", auth: Auth(uid: "b"),
      resourceData: ["metadata": .map(["owner": .string("b")])])
    #expect(!DiffJob.decides(upload, old, DocumentStore(), objects: objects))
    #expect(DiffJob.decides(upload, new, DocumentStore(), objects: objects))
  }

  /// Rules of two services are an input error, never a comparison.
  @Test func servicesMustAgree() throws {
    var random = SplitMix64(seed: 1)
    let storage = try #require(DiffPropertyTests.compile(Self.rules(&random)))
    let firestore = try #require(
      DiffPropertyTests.compile(
        """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents { match /a/{b} { allow read: if true; } }
        }
        """))
    #expect(throws: DiffProblem.self) { _ = try DiffJob.compare(old: firestore, new: storage) }
  }
}
