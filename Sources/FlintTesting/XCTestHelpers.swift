#if canImport(XCTest)
  import Flint
  import XCTest

  /// Fails the XCTest, with the rules' explanation in the message, unless `rules` allow `request`.
  ///
  /// ```swift
  /// func testAliceReadsHerProfile() throws {
  ///   try XCTAssertAllowed(rules, .get("/users/alice", as: .user("alice")), data: data)
  /// }
  /// ```
  /// - Throws: ``FlintError`` when the request is invalid.
  public func XCTAssertAllowed(
    _ rules: FirestoreRules, _ request: RulesRequest, data: Documents = Documents(), file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let decision = try rules.evaluate(request, data: data)
    if !decision.allowed { XCTFail(issueText(expected: "allow", request, decision), file: file, line: line) }
  }

  /// Fails the XCTest, with the rules' explanation in the message, unless `rules` deny `request`.
  public func XCTAssertDenied(
    _ rules: FirestoreRules, _ request: RulesRequest, data: Documents = Documents(), file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let decision = try rules.evaluate(request, data: data)
    if decision.allowed { XCTFail(issueText(expected: "deny", request, decision), file: file, line: line) }
  }
#endif
