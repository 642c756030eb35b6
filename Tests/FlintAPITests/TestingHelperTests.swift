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

  @Test func writesFirestoreRefusesAreTheirOwnOutcome() throws {
    let writes = try FirestoreRules(
      source: """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /notes/{id} { allow write: if false; }
          }
        }
        """)
    let data = try Documents(json: #"{"notes/n": {"text": "x"}}"#)
    try writes.expectWriteFailure("NOT_FOUND", .update("notes/gone", fields: #"{"text": "y"}"#), data: data)
    try writes.expectWriteFailure("ALREADY_EXISTS", .create("notes/n", data: #"{"text": "y"}"#), data: data)
    try writes.expectDenied(.update("notes/n", fields: #"{"text": "y"}"#), data: data)
    // A NOT_FOUND is not a denial, as in flint test.
    try withKnownIssue {
      try writes.expectDenied(.update("notes/gone", fields: #"{"text": "y"}"#), data: data)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("expected deny: update notes/gone")
    }
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
