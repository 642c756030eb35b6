import FirestoreModel
import Queries
import RulesEngine
import RulesLanguage

/// A loaded rule-test suite: compiled rules, the seed documents and the cases to run.
public struct RuleSuite: Sendable {
  /// The suite file, as named on the command line.
  public var file: String
  /// The rules file the cases run against (resolved against the suite's folder).
  public var rulesFile: String
  /// The rules text, for explanations.
  public var source: SourceFile
  /// The compiled rules.
  public var ruleset: Ruleset
  /// The documents every case starts from unless it has its own `seed`.
  public var store: DocumentStore
  /// The default `request.time`.
  public var time: Timestamp
  public var cases: [SuiteCase]

  public init(
    file: String, rulesFile: String, source: SourceFile, ruleset: Ruleset, store: DocumentStore, time: Timestamp,
    cases: [SuiteCase]
  ) {
    self.file = file
    self.rulesFile = rulesFile
    self.source = source
    self.ruleset = ruleset
    self.store = store
    self.time = time
    self.cases = cases
  }
}

/// One case: a request (or a batch of them), the documents it runs on and the expected verdict.
public struct SuiteCase: Sendable {
  public var name: String
  /// The documents the case sees: the case's `seed`, or else the suite's data.
  public var store: DocumentStore
  public var action: CaseAction
  public var expect: Verdict
  /// The 1-based line of the case in the suite file, when known (for `suite.yaml:42: FAIL`).
  public var line: Int?

  public init(name: String, store: DocumentStore, action: CaseAction, expect: Verdict, line: Int? = nil) {
    self.name = name
    self.store = store
    self.action = action
    self.expect = expect
    self.line = line
  }
}

/// What a case sends.
public enum CaseAction: Sendable {
  /// One request.
  case single(SuiteRequest)
  /// A batched write or transaction: all-or-nothing.
  case batch([SuiteRequest])
}

/// A request as a suite describes it: the engine's request plus, for `list`, the query.
public struct SuiteRequest: Sendable {
  public var request: Request
  /// For `list`: the validated, normalized query (a collection path alone stands for the
  /// query with no filters); nil for other methods.
  public var query: NormalizedQuery?

  public init(request: Request, query: NormalizedQuery? = nil) {
    self.request = request
    self.query = query
  }

  /// The query with no filters and no limit on the request's collection (or collection group).
  public static func unfilteredQuery(for request: Request) -> NormalizedQuery {
    let scope: QueryScope =
      request.isCollectionGroup
      ? .collectionGroup(id: request.path.lastSegment ?? "", parent: ResourcePath(segments: []))
      : .collection(request.path)
    return QueryNormalizer.normalize(ResolvedQuery(scope: scope))
  }
}

/// `allow` or `deny`: what a case expects, and what it got.
public enum Verdict: String, Hashable, Sendable, CaseIterable {
  case allow
  case deny

  public init(allowed: Bool) { self = allowed ? .allow : .deny }
}
