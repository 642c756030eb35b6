import FirestoreModel
import FlintKit
import FlintTestSupport
import RulesEngine
import RulesLanguage
import Testing

/// Random pairs of small rulesets: every witness `flint diff` shows flips the decision in Flint's
/// engine (replayed as a suite case), and for every method it proves the same (exact encodings),
/// random requests never get different decisions from the two rulesets.
@Suite struct DiffPropertyTests {
  static let atoms = [
    "request.auth != null", "request.auth.uid == id", "id == 'a'", "resource.data.owner == request.auth.uid",
    "resource.data.size > 3", "'tag' in resource.data", "request.resource.data.owner == request.auth.uid",
    "request.resource.data.size <= 10", "request.time < timestamp.date(2030, 1, 1)", "resource == null",
    "request.auth.token.admin == true", "true", "false",
  ]
  static let methods = ["read", "write", "get", "create", "update", "delete"]

  static func condition(_ random: inout SplitMix64, depth: Int = 0, atoms: [String] = DiffPropertyTests.atoms) -> String
  {
    let choice = Int(random.next() % 6)
    if depth >= 2 || choice < 3 { return atoms[Int(random.next() % UInt64(atoms.count))] }
    let left = condition(&random, depth: depth + 1, atoms: atoms)
    let right = condition(&random, depth: depth + 1, atoms: atoms)
    switch choice {
    case 3: return "(\(left) && \(right))"
    case 4: return "(\(left) || \(right))"
    default: return "!(\(left))"
    }
  }

  static func rules(_ random: inout SplitMix64) -> String {
    var allows = ""
    for _ in 0..<(1 + Int(random.next() % 3)) {
      let method = methods[Int(random.next() % UInt64(methods.count))]
      allows += "      allow \(method): if \(condition(&random));\n"
    }
    return """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /items/{id} {
      \(allows)    }
        }
      }

      """
  }

  static func compile(_ text: String) -> Ruleset? {
    Ruleset.compile(SourceFile(name: "random.rules", text: text)).ruleset
  }

  /// Requests over the values the atoms name.
  static func randomRequest(_ random: inout SplitMix64) -> (Request, DocumentStore) {
    func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    let method = pick([RequestMethod.get, .create, .update, .delete])
    let id = pick(["a", "b"])
    let auth: Auth? = pick([nil, Auth(uid: "a"), Auth(uid: "b", claims: ["admin": .boolean(true)])])
    var fields: [String: Value] = [:]
    if random.next() % 2 == 0 { fields["owner"] = pick([.string("a"), .string("b"), .integer(1)]) }
    if random.next() % 2 == 0 { fields["size"] = pick([.integer(2), .integer(5), .double(11.5)]) }
    if random.next() % 2 == 0 { fields["tag"] = .null }
    let stored = method == .update || (method != .create && random.next() % 2 == 0)
    let store = DocumentStore(
      documents: stored ? [Document(path: ResourcePath(segments: ["items", id]), fields: fields)] : [])
    var written: [String: Value]? = nil
    if method == .create || method == .update {
      written = ["owner": pick([.string("a"), .string("b")]), "size": pick([.integer(3), .integer(12)])]
    }
    let time = Timestamp(seconds: pick([0, 2_000_000_000]))
    let request = Request(
      method: method, path: ResourcePath(segments: ["items", id]), auth: auth, time: time, resourceData: written)
    return (request, store)
  }

  @Test func witnessesFlipAndSameMeansSame() throws {
    var random = SplitMix64(seed: 22)
    var compared = 0
    var provedSame = 0
    for _ in 0..<30 {
      let oldText = Self.rules(&random)
      let newText = Self.rules(&random)
      guard let old = Self.compile(oldText), let new = Self.compile(newText) else { continue }
      compared += 1
      let report = try DiffJob.compare(old: old, new: new)
      for change in report.changes {
        for witness in change.witnesses {
          let json = JSONValue.object(JSONObject(DiffRenderer.suiteInputs(witness)))
          let oldVerdict = try SuiteReplay.verdict(of: json, rules: oldText)
          let newVerdict = try SuiteReplay.verdict(of: json, rules: newText)
          let expected = witness.allowedBy.rawValue == "new" ? ("deny", "allow") : ("allow", "deny")
          #expect(oldVerdict == expected.0 && newVerdict == expected.1, "\(oldText)\n\(newText)\n\(json)")
        }
      }
      // Every (match, method) proved the same: random requests of that method never disagree.
      let proved = Set(report.unchanged.filter(\.isProved).map(\.method))
      provedSame += proved.count
      for _ in 0..<200 {
        let (request, store) = Self.randomRequest(&random)
        guard proved.contains(request.method) else { continue }
        let a = DiffJob.decides(request, old, store)
        let b = DiffJob.decides(request, new, store)
        #expect(a == b, "\(oldText)\n\(newText)\n\(request.method) \(request.path)")
      }
    }
    #expect(compared > 20)
    #expect(provedSame > 0)
  }

  /// A ruleset against itself (a construct at a time): never a change, and "same" when exact.
  @Test(arguments: atoms)
  func rulesetEqualsItself(_ atom: String) throws {
    let text = """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /items/{id} { allow read, write: if \(atom); }
        }
      }
      """
    let rules = try #require(Self.compile(text))
    let report = try DiffJob.compare(old: rules, new: rules)
    #expect(report.changes.isEmpty)
    // A list reading the document or its id is decided by the query proof: not proved here.
    let unproved = report.unchanged.filter { $0.method != .list && !$0.isProved }
    #expect(unproved.isEmpty)
  }
}
