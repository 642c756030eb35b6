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
        Issue.record("\(issueText(expected: "allow", request, decision))", sourceLocation: sourceLocation)
      }
      return decision
    }

    /// Records an issue, with the rules' explanation as its comment, unless they deny `request`.
    @discardableResult
    public func expectDenied(
      _ request: RulesRequest, data: Documents = Documents(), sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RulesDecision {
      let decision = try evaluate(request, data: data)
      if decision.allowed {
        Issue.record("\(issueText(expected: "deny", request, decision))", sourceLocation: sourceLocation)
      }
      return decision
    }
  }
#endif
