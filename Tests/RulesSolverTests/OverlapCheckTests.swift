import FirestoreModel
import RulesEngine
import RulesLanguage
import Testing

@testable import RulesSolver

/// The semantic overlapping-allow on its own: which files need the solver, and what it decides
/// within its budget.
@Suite struct OverlapCheckTests {
  static let overlapping = """
    match /{document=**} { allow read: if request.auth != null; }
    match /users/{userId} { allow read: if request.auth.uid == userId; }
    """

  /// The common deny-all recursive match never grants: no solver for it.
  @Test func aDenyAllRecursiveMatchNeedsNoSolver() throws {
    let denyAll = try RulesComparisonTests.ruleset(
      """
      match /{document=**} { allow read, write: if false; }
      match /users/{userId} { allow read: if request.auth.uid == userId; }
      """)
    #expect(!OverlapCheck.hasCandidates(denyAll.file))
    #expect(try OverlapCheck.findings(denyAll).isEmpty)
    #expect(OverlapCheck.hasCandidates(try RulesComparisonTests.ruleset(Self.overlapping).file))
  }

  @Test func findsTheOverlap() throws {
    let verdicts = try OverlapCheck.findings(RulesComparisonTests.ruleset(Self.overlapping))
    #expect(verdicts.count == 1)
    guard case .overlap(let finding)? = verdicts.first?.verdict else {
      Issue.record("no overlap found")
      return
    }
    #expect(finding.methods == [.get, .list])
  }

  /// Claims every ID token may carry (`picture`, `auth_time`) are not an admin's custom claim:
  /// a broad allow on them still overrides the narrow one; a custom claim (`admin`) is deliberate.
  @Test(arguments: [("request.auth.token.picture != null", true), ("request.auth.token.admin == true", false)])
  func onlyCustomClaimsAreDeliberate(broad: String, overlaps: Bool) throws {
    let ruleset = try RulesComparisonTests.ruleset(
      """
      match /{document=**} { allow read: if \(broad); }
      match /users/{userId} { allow read: if request.auth.uid == userId; }
      """)
    let verdicts = try OverlapCheck.findings(ruleset)
    #expect(verdicts.count == 1)
    let found = verdicts.contains { if case .overlap = $0.verdict { true } else { false } }
    #expect(found == overlaps)
  }

  /// Past the time budget nothing is decided: neither an overlap nor silence.
  @Test func anExhaustedBudgetDecidesNothing() throws {
    let verdicts = try OverlapCheck.findings(RulesComparisonTests.ruleset(Self.overlapping), budgetMilliseconds: 0)
    #expect(verdicts.count == 1)
    #expect(verdicts.allSatisfy { if case .undecided = $0.verdict { true } else { false } })
  }
}

/// What a suite can replay: no create of a stored document, no update of a missing one (the lint
/// and `flint diff` confirm only those).
@Suite struct CandidateReplayTests {
  @Test func writesMustMatchWhatIsStored() throws {
    let path = try #require(ResourcePath(parsing: "users/alice"))
    let stored = [Document(path: path, fields: [:])]
    func candidate(_ request: Request, _ documents: [Document]) -> Candidate {
      Candidate(allowedBy: .new, request: request, documents: documents)
    }
    #expect(candidate(.create(path, data: [:]), []).isReplayable)
    #expect(!candidate(.create(path, data: [:]), stored).isReplayable)
    #expect(candidate(.update(path, data: [:]), stored).isReplayable)
    #expect(!candidate(.update(path, data: [:]), []).isReplayable)
    #expect(candidate(.get(path), []).isReplayable)
  }
}
