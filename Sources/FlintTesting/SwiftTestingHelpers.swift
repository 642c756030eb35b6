#if canImport(Testing)
  import Flint
  import Testing

  extension FirestoreRules {
    /// Records an issue, with the rules' explanation as its comment, unless they allow `request`.
    ///
    /// ```swift
    /// @Test func aliceReadsHerProfile() throws {
    ///   try rules.expectAllowed(.get("/users/alice", as: .user("alice")), data: data)
    /// }
    /// ```
    /// - Returns: the decision, for further checks.
    /// - Throws: ``FlintError`` when the request is invalid.
    @discardableResult
    public func expectAllowed(
      _ request: RulesRequest, data: Documents = Documents(), sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RulesDecision {
      let decision = try evaluate(request, data: data)
      if !decision.allowed {
        Issue.record("\(issueMessage(expected: "allow", request, decision))", sourceLocation: sourceLocation)
      }
      return decision
    }

    /// Records an issue, with the rules' explanation as its comment, unless they deny `request`.
    /// A write Firestore fails before the rules run (NOT_FOUND, ALREADY_EXISTS) is not a denial,
    /// as in `flint test`: expect it with `expectWriteFailure`.
    @discardableResult
    public func expectDenied(
      _ request: RulesRequest, data: Documents = Documents(), sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RulesDecision {
      let decision = try evaluate(request, data: data)
      if decision.allowed || decision.writeFailure != nil {
        Issue.record("\(issueMessage(expected: "deny", request, decision))", sourceLocation: sourceLocation)
      }
      return decision
    }

    /// Records an issue unless Firestore fails `request` before the rules run with `status`:
    /// `"NOT_FOUND"` (an update of a document `data` does not hold) or `"ALREADY_EXISTS"` (a
    /// create of one it holds).
    @discardableResult
    public func expectWriteFailure(
      _ status: String, _ request: RulesRequest, data: Documents = Documents(),
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RulesDecision {
      let decision = try evaluate(request, data: data)
      if decision.writeFailure != status {
        Issue.record("\(issueMessage(expected: status, request, decision))", sourceLocation: sourceLocation)
      }
      return decision
    }
  }
#endif
