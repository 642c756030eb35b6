#if canImport(XCTest)
  import Flint
  import XCTest

  // swift-format-ignore: AlwaysUseLowerCamelCase
  // (XCTest's own naming, so these read like the assertions beside them.)
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
    if !decision.allowed { XCTFail(issueMessage(expected: "allow", request, decision), file: file, line: line) }
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  // (XCTest's own naming, so these read like the assertions beside them.)
  /// Fails the XCTest, with the rules' explanation in the message, unless `rules` deny `request`
  /// (a write Firestore fails before the rules run is not a denial: `XCTAssertWriteFailure`).
  public func XCTAssertDenied(
    _ rules: FirestoreRules, _ request: RulesRequest, data: Documents = Documents(), file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let decision = try rules.evaluate(request, data: data)
    if decision.allowed || decision.writeFailure != nil {
      XCTFail(issueMessage(expected: "deny", request, decision), file: file, line: line)
    }
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  // (XCTest's own naming, so these read like the assertions beside them.)
  /// Fails the XCTest unless Firestore fails `request` before the rules run with `status`
  /// (`"NOT_FOUND"`, `"ALREADY_EXISTS"`).
  public func XCTAssertWriteFailure(
    _ status: String, _ rules: FirestoreRules, _ request: RulesRequest, data: Documents = Documents(),
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let decision = try rules.evaluate(request, data: data)
    if decision.writeFailure != status {
      XCTFail(issueMessage(expected: status, request, decision), file: file, line: line)
    }
  }
#endif
