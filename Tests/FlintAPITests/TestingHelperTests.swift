import Flint
import FlintTesting
import Testing

@Suite("FlintTesting helpers")
struct TestingHelperTests {
  let rules = try! FirestoreRules(
    source: """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /notes/{id} { allow read: if request.auth != null; }
        }
      }
      """)

  @Test func passingExpectationsRecordNothing() throws {
    try rules.expectAllowed(.get("notes/n", as: .user("alice")))
    try rules.expectDenied(.get("notes/n"))
  }

  @Test func aFailedExpectationCarriesTheExplanation() throws {
    // The failure is expected: withKnownIssue passes only when an issue matching the text was recorded.
    try withKnownIssue {
      try rules.expectAllowed(.get("notes/n"))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("expected allow: get notes/n as signed out") && text.contains("DENY get")
    }
  }
}
