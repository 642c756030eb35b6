import Flint
import FlintTesting
import XCTest

/// The XCTest helpers pass when the rules agree (their failure path is XCTFail, as any assertion).
final class XCTestHelperTests: XCTestCase {
  func testAssertionsPassWhenTheRulesAgree() throws {
    let rules = try FirestoreRules(
      source: """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /notes/{id} { allow read: if request.auth != null; }
          }
        }
        """)
    try XCTAssertAllowed(rules, .get("notes/n", as: .user("alice")))
    try XCTAssertDenied(rules, .get("notes/n"))
  }
}
