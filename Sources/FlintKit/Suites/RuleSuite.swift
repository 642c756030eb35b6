import FirestoreModel
import Queries
import RulesEngine
import RulesLanguage

/// A loaded rule-test suite: compiled rules, the seed documents and the cases to run.
package struct RuleSuite: Sendable {
  /// The suite file, as named on the command line.
  package var file: String
  /// The rules file the cases run against (resolved against the suite's folder).
  package var rulesFile: String
  /// The rules text, for explanations.
  package var source: SourceFile
  /// The compiled rules.
  package var ruleset: Ruleset
  /// The documents every case starts from unless it has its own `seed`.
  package var store: DocumentStore
  /// The default `request.time`.
  package var time: Timestamp
  package var cases: [SuiteCase]
  /// The problems of the cases that could not be read (located, every problem of each): those
  /// cases do not run; the others do.
  package var caseErrors: [JSONError] = []

  package init(
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
package struct SuiteCase: Sendable {
  package var name: String
  /// The documents the case sees: the case's `seed`, or else the suite's data. In a Cloud
  /// Storage suite, the Firestore documents `firestore.get()` reads.
  package var store: DocumentStore
  /// Cloud Storage: the stored objects the case sees (the case's `objects`, or else the
  /// suite's); nil in a Firestore suite.
  package var objects: ObjectStore?
  package var action: CaseAction
  package var expect: Verdict
  /// The 1-based line of the case in the suite file, when known (for `suite.yaml:42: FAIL`).
  package var line: Int?
  /// The most reads the case's query may bill on its data (`maxReads`), for list requests.
  package var maxReads: Int?

  package init(name: String, store: DocumentStore, action: CaseAction, expect: Verdict, line: Int? = nil) {
    self.name = name
    self.store = store
    self.action = action
    self.expect = expect
    self.line = line
  }
}

/// What a case sends.
package enum CaseAction: Sendable {
  /// One request.
  case single(SuiteRequest)
  /// A batched write or transaction: all-or-nothing.
  case batch([SuiteRequest])
}

/// A request as a suite describes it: the engine's request plus, for `list`, the query, or
/// the precondition Firestore fails the write with before the rules run.
package struct SuiteRequest: Sendable {
  package var request: Request
  /// For `list`: the validated, normalized query (a collection path alone stands for the
  /// query with no filters); nil for other methods.
  package var query: NormalizedQuery?
  /// A `create` of an existing document or an `update` of a missing one (on the case's data,
  /// or in a batch on the data the earlier writes left): the outcome is this refusal and the
  /// rules do not run (`DocumentRequest.resolve`).
  package var refusal: PreconditionFailure?

  package init(request: Request, query: NormalizedQuery? = nil, refusal: PreconditionFailure? = nil) {
    self.request = request
    self.query = query
    self.refusal = refusal
  }

  /// The query with no filters and no limit on the request's collection (or collection group).
  package static func unfilteredQuery(for request: Request) -> NormalizedQuery {
    let scope: QueryScope =
      request.isCollectionGroup
      ? .collectionGroup(id: request.path.lastSegment ?? "", parent: ResourcePath(segments: []))
      : .collection(request.path)
    return QueryNormalizer.normalize(ResolvedQuery(scope: scope))
  }
}

/// What a case expects, and what it got: the outcome the app sees. `allow` and `deny` are the
/// rules' verdict; `not-found` and `already-exists` are the writes Firestore fails before the
/// rules run (an `update` of a missing document, a `create` of an existing one).
package enum Verdict: String, Hashable, Sendable, CaseIterable {
  case allow
  case deny
  case notFound = "not-found"
  case alreadyExists = "already-exists"

  package init(allowed: Bool) { self = allowed ? .allow : .deny }

  /// The verdict of a write refused before the rules run.
  package init(_ refusal: PreconditionFailure) {
    switch refusal {
    case .notFound: self = .notFound
    case .alreadyExists: self = .alreadyExists
    }
  }

  /// `allow, deny, not-found, already-exists`, for messages.
  package static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
