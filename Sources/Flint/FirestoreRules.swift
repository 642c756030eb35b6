import FirestoreModel
import FlintKit
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Compiled Cloud Firestore security rules, ready to decide requests offline, as `flint test`
/// and `flint query` do.
///
/// ```swift
/// let rules = try FirestoreRules(contentsOf: URL(fileURLWithPath: "firestore.rules"))
/// let data = try Documents(json: #"{"users/alice": {"name": "Alice"}}"#)
/// let decision = try rules.evaluate(.get("/users/alice", as: .user("alice")), data: data)
/// print(decision.allowed, decision)   // the verdict, then the explanation
/// ```
public struct FirestoreRules: Sendable {
  let source: SourceFile
  let ruleset: Ruleset

  /// Compiles rules text; `name` is the file name diagnostics and explanations show.
  /// - Throws: ``FlintError`` with the diagnostics, as `flint check` prints them, when the rules
  ///   have errors.
  public init(source text: String, name: String = "firestore.rules") throws {
    (source, ruleset) = try CompiledRulesFile.compile(text: text, name: name)
  }

  /// Reads and compiles a rules file.
  /// - Throws: ``FlintError`` when the file cannot be read or the rules have errors.
  /// The bytes are decoded as `flint check` decodes them: a file that is not UTF-8 text (a NUL
  /// byte, an invalid sequence) is refused with the same `source.not-text` error.
  public init(contentsOf url: URL) throws {
    (source, ruleset) = try CompiledRulesFile.compile(contentsOf: url)
  }

  /// Reads and compiles the rules file at `path`.
  public init(path: String) throws {
    try self.init(contentsOf: URL(fileURLWithPath: path))
  }

  /// Decides `request` on the stored documents `data`, with the explanation.
  /// An `update` of a document `data` does not hold, or a `create` of one it holds, is not
  /// allowed: Firestore fails it before the rules run, and ``RulesDecision/writeFailure`` says
  /// how (`NOT_FOUND`, `ALREADY_EXISTS`), as `flint test` and `flint query` do.
  /// - Throws: ``FlintError`` when the request itself is invalid: a bad path, data that is not
  ///   JSON, a query the SDK rejects.
  public func evaluate(_ request: RulesRequest, data: Documents = Documents()) throws -> RulesDecision {
    let suiteRequest: SuiteRequest
    do {
      suiteRequest = try RequestReader(defaultTime: SuiteLoader.defaultTime, store: data.store)
        .read(try request.json(), at: .root)
    } catch let error as JSONError {
      throw FlintError("\(request): \(error.description)")
    }
    let suiteCase = SuiteCase(
      name: request.description, store: data.store, action: .single(suiteRequest), expect: .allow)
    let evaluator = Evaluator(ruleset: ruleset, options: EvaluationOptions(traceLevel: .full))
    return RulesDecision(SuiteRunner().run(suiteCase, evaluator), source: source)
  }

  /// Whether the rules allow `request` on `data`. Use ``evaluate(_:data:)`` to see why.
  public func allows(_ request: RulesRequest, data: Documents = Documents()) throws -> Bool {
    try evaluate(request, data: data).allowed
  }

  /// Checks a query as `flint query` does: the SDK's and the backend's validity, the rules proof
  /// for `identity`, and the index it needs.
  ///
  /// - Parameters:
  ///   - text: query DSL text, e.g. `collection("clubs").where("owner", "==", auth.uid).orderBy("name")`.
  ///   - identity: the user sending it (`auth.uid` in the query is theirs).
  ///   - data: the documents `get()`/`exists()` in the rules read.
  ///   - indexes: the text of `firestore.indexes.json`, to check the query is served by it;
  ///     nil to check against the automatic indexes only.
  /// - Throws: ``FlintError`` when `indexes` is not a valid manifest.
  public func query(
    _ text: String, as identity: Identity = .signedOut, data: Documents = Documents(), indexes: String? = nil
  ) throws -> QueryCheck {
    var playground = QueryPlayground(ruleset: ruleset, store: data.store)
    if let indexes {
      do {
        playground.indexes = try ManifestReader.read(indexes).manifest
      } catch {
        throw FlintError(error.description)
      }
      playground.indexesName = "firestore.indexes.json"
    }
    let auth = identity.uid.map { uid in
      Auth(uid: uid, claims: identity.claims.mapValues { $0.firestoreValue })
    }
    return QueryCheck(playground.run(text, auth: auth))
  }
}

extension ClaimValue {
  /// The claim as a Firestore value.
  var firestoreValue: FirestoreModel.Value {
    switch self {
    case .string(let value): .string(value)
    case .bool(let value): .boolean(value)
    case .int(let value): .integer(value)
    case .double(let value): .double(value)
    case .array(let values): .array(values.map(\.firestoreValue))
    case .map(let members): .map(members.mapValues(\.firestoreValue))
    }
  }
}
