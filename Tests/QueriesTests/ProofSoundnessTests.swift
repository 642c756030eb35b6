import FirestoreModel
import FlintTestSupport
import Queries
import RulesEngine
import RulesLanguage
import Testing

/// Soundness of the prover: whenever it allows a query, running the query on seeded data
/// returns only documents that the same conditions, written as `allow get`, allow one by one.
/// Rules, data and queries are random (seeded) in the shapes the prover reasons about.
/// Documents holding NaN are left out of the check: NaN is set aside on purpose.
@Suite struct ProofSoundnessTests {
  static let fields = ["a", "b", "c"]
  static let uids = ["u1", "u2"]

  @Test("allowed queries only return documents the get rule allows", arguments: [1, 2, 3, 4])
  func soundness(seed: UInt64) {
    var rng = SplitMix64(seed: seed &* 0x1234_5678_9ABC)
    var allowedQueries = 0
    var checkedDocuments = 0
    for _ in 0..<800 {
      let store = Self.randomStore(&rng)
      var hints: [(field: String, value: String)] = []
      let condition = Self.condition(depth: 2, &rng, &hints)
      let limitBound = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 1...5, using: &rng) : nil
      let listCondition = limitBound.map { "(\(condition)) && request.query.limit <= \($0)" } ?? condition
      let rules = ProofHarness.ruleset(
        """
            match /items/{id} {
              allow list: if \(listCondition);
              allow get: if \(condition);
            }
        """)
      let auth = Auth(uid: Self.uids.randomElement(using: &rng)!)
      let engine = QueryEngine(store: store)
      let evaluator = Evaluator(ruleset: rules)
      for _ in 0..<4 {
        guard let query = Self.randomQuery(&rng, auth: auth, hints: hints) else { continue }
        let proof = ListAuthorizer(ruleset: rules, store: store).authorize(query, auth: auth)
        guard proof.allowed else { continue }
        allowedQueries += 1
        for document in engine.execute(query).documents {
          // The one deliberate gap (Docs/fidelity/proofs.md): an upper bound alone also
          // returns NaN values, which the prover sets aside rather than deny every such query.
          if document.fields.values.contains(where: { if case .double(let d) = $0 { d.isNaN } else { false } }) {
            continue
          }
          checkedDocuments += 1
          let decision = evaluator.evaluate(.get(document.path, auth: auth), store: store)
          #expect(
            decision.allowed,
            "unsound: rule `\(listCondition)` allowed the query \(query.branches) but denies \(document.path) \(document.fields)"
          )
          if !decision.allowed { return }
        }
      }
    }
    // The generator must exercise the allow path, not just deny everything.
    #expect(allowedQueries > 100)
    #expect(checkedDocuments > 100)
  }

  // MARK: Generators

  static func randomValue(_ rng: inout SplitMix64) -> Value {
    switch Int.random(in: 0..<20, using: &rng) {
    case 0: return .null
    case 1: return .double(.nan)
    case 2: return .double(Double(Int.random(in: -2...8, using: &rng)) + 0.5)
    case 3: return .string(["p", "q", "r"].randomElement(using: &rng)!)
    case 4: return .boolean(Bool.random(using: &rng))
    case 5:
      return .array(
        (0..<Int.random(in: 0...2, using: &rng)).map { _ in .integer(Int64.random(in: 0...3, using: &rng)) })
    case 6: return .string(uids.randomElement(using: &rng)!)
    case 7: return .double(Double(Int.random(in: 0...6, using: &rng)))
    default: return .integer(Int64.random(in: -1...5, using: &rng))
    }
  }

  static func randomStore(_ rng: inout SplitMix64) -> DocumentStore {
    var documents: [Document] = []
    for index in 0..<16 {
      var data: [String: Value] = [:]
      for field in fields where Int.random(in: 0..<6, using: &rng) != 0 {
        data[field] = randomValue(&rng)
      }
      if Bool.random(using: &rng) {
        data["tags"] = .array(
          (0..<Int.random(in: 0...2, using: &rng)).map { _ in .string(uids.randomElement(using: &rng)!) })
      }
      documents.append(Document(path: ResourcePath(segments: ["items", "d\(index)"]), fields: data))
    }
    return DocumentStore(documents: documents)
  }

  /// A comparison constant: its rules text and the same value in the query DSL.
  static func constant(_ rng: inout SplitMix64) -> (rules: String, query: String) {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return ("null", "null")
    case 1:
      let s = ["p", "q", "r"].randomElement(using: &rng)!
      return ("'\(s)'", "\"\(s)\"")
    case 2:
      let d = "\(Int.random(in: -2...8, using: &rng)).5"
      return (d, d)
    case 3: return ("request.auth.uid", "auth.uid")
    case 4: return Bool.random(using: &rng) ? ("true", "true") : ("false", "false")
    default:
      let i = "\(Int.random(in: -2...8, using: &rng))"
      return (i, i)
    }
  }

  /// One comparison; `hints` collects (field, query value) pairs for queries to reuse.
  static func atom(_ rng: inout SplitMix64, _ hints: inout [(field: String, value: String)]) -> String {
    let name = fields.randomElement(using: &rng)!
    let field = "resource.data.\(name)"
    switch Int.random(in: 0..<10, using: &rng) {
    case 0:
      let list = (0..<Int.random(in: 1...3, using: &rng)).map { _ in constant(&rng) }
      hints += list.map { (name, $0.query) }
      return "\(field) in [\(list.map(\.rules).joined(separator: ", "))]"
    case 1: return "request.auth.uid in resource.data.tags"
    case 2:
      hints.append((name, "true"))
      return field
    case 3: return "resource.id == 'd\(Int.random(in: 0..<12, using: &rng))'"
    default:
      let op = ["==", "!=", "<", "<=", ">", ">="].randomElement(using: &rng)!
      let value = constant(&rng)
      hints.append((name, value.query))
      return Bool.random(using: &rng) ? "\(field) \(op) \(value.rules)" : "\(value.rules) \(op) \(field)"
    }
  }

  static func condition(depth: Int, _ rng: inout SplitMix64, _ hints: inout [(field: String, value: String)])
    -> String
  {
    if depth == 0 || Int.random(in: 0..<3, using: &rng) == 0 {
      let leaf = atom(&rng, &hints)
      return Int.random(in: 0..<6, using: &rng) == 0 ? "!(\(leaf))" : leaf
    }
    let op = Bool.random(using: &rng) ? "&&" : "||"
    let left = condition(depth: depth - 1, &rng, &hints)
    return "(\(left) \(op) \(condition(depth: depth - 1, &rng, &hints)))"
  }

  static func queryValue(_ rng: inout SplitMix64) -> String {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return "null"
    case 1: return "\"\(["p", "q", "r"].randomElement(using: &rng)!)\""
    case 2: return "\(Int.random(in: -2...8, using: &rng)).5"
    case 3: return "auth.uid"
    case 4: return Bool.random(using: &rng) ? "true" : "false"
    case 5: return "NaN"
    default: return "\(Int.random(in: -2...8, using: &rng))"
    }
  }

  static func randomFilter(_ rng: inout SplitMix64, hints: [(field: String, value: String)]) -> String {
    if let hint = hints.randomElement(using: &rng), Int.random(in: 0..<5, using: &rng) < 3 {
      let op = ["==", "==", "==", "!=", "<", "<=", ">", ">="].randomElement(using: &rng)!
      return "where(\"\(hint.field)\", \"\(op)\", \(hint.value))"
    }
    let field = fields.randomElement(using: &rng)!
    switch Int.random(in: 0..<12, using: &rng) {
    case 0:
      let values = (0..<Int.random(in: 1...3, using: &rng)).map { _ in queryValue(&rng) }
      return "where(\"\(field)\", \"in\", [\(values.joined(separator: ", "))])"
    case 1:
      let values = (0..<Int.random(in: 1...2, using: &rng)).map { _ in queryValue(&rng) }
      return "where(\"\(field)\", \"not-in\", [\(values.joined(separator: ", "))])"
    case 2: return "where(\"tags\", \"array-contains\", \(Bool.random(using: &rng) ? "auth.uid" : "\"u2\""))"
    case 3: return "where(documentId(), \"==\", \"d\(Int.random(in: 0..<12, using: &rng))\")"
    default:
      let op = ["==", "==", "!=", "<", "<=", ">", ">="].randomElement(using: &rng)!
      return "where(\"\(field)\", \"\(op)\", \(queryValue(&rng)))"
    }
  }

  static func randomQuery(_ rng: inout SplitMix64, auth: Auth, hints: [(field: String, value: String)])
    -> NormalizedQuery?
  {
    var text = "collection(\"items\")"
    let count = Int.random(in: 0...3, using: &rng)
    if count >= 2, Int.random(in: 0..<3, using: &rng) == 0 {
      let parts = (0..<count).map { _ in randomFilter(&rng, hints: hints) }
      text += ".where(or(\(parts.joined(separator: ", "))))"
    } else {
      for _ in 0..<count { text += "." + randomFilter(&rng, hints: hints) }
    }
    if Bool.random(using: &rng) { text += ".limit(\(Int.random(in: 1...6, using: &rng)))" }
    let bindings: [String: Value] = ["auth": .map(["uid": .string(auth.uid)])]
    return QueryPipeline.prepare(SourceFile(name: "<q>", text: text), context: QueryContext(bindings: bindings))
      .normalized
  }
}
