import Flint
import Testing

/// The public Swift API for Cloud Storage rules decides as `flint test` does.
@Suite struct StorageRulesTests {
  static let rules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /users/{uid}/{file} {
          allow read: if request.auth != null;
          allow create: if request.auth.uid == uid && request.resource.size < 1024
            && request.resource.metadata.get('kind', '') == 'avatar';
          allow delete: if request.auth.uid == uid && resource.size > 0;
        }
        match /users/{uid} {
          allow list: if request.auth.uid == uid;
        }
      }
    }
    """

  @Test func uploadsDownloadsListsAndDeletes() throws {
    let rules = try StorageRules(source: Self.rules)
    let avatar = #"{"size": 100, "contentType": "image/png", "metadata": {"kind": "avatar"}}"#
    #expect(try rules.allows(.upload("users/al/a.png", metadata: avatar, as: .user("al"))))
    #expect(try !rules.allows(.upload("users/al/a.png", metadata: avatar, as: .user("bo"))))
    #expect(try !rules.allows(.upload("users/al/a.png", metadata: #"{"size": 5000}"#, as: .user("al"))))
    #expect(try rules.allows(.download("users/al/a.png", as: .user("bo"))))
    #expect(try !rules.allows(.download("users/al/a.png")))
    #expect(try rules.allows(.list("users/al/", as: .user("al"))))
    let objects = try StorageObjects(json: #"{"users/al/a.png": {"size": 100}}"#)
    #expect(try rules.allows(.delete("users/al/a.png", as: .user("al")), objects: objects))
    #expect(try !rules.allows(.delete("users/al/b.png", as: .user("al")), objects: objects))
    let denied = try rules.evaluate(.upload("users/al/a.png", metadata: #"{"size": 5000}"#, as: .user("al")))
    #expect(!denied.allowed)
    #expect(denied.description.contains("request.resource.size < 1024"))
  }

  @Test func badInputIsAnErrorNamingIt() throws {
    let rules = try StorageRules(source: Self.rules)
    #expect(throws: FlintError.self) { try rules.evaluate(.upload("users//a.png", as: .user("al"))) }
    #expect(throws: FlintError.self) {
      try rules.evaluate(.upload("users/al/a.png", metadata: #"{"metadata": {"n": 5}}"#, as: .user("al")))
    }
    #expect(throws: FlintError.self) { try StorageObjects(json: "[]") }
    #expect(throws: FlintError.self) {
      try StorageRules(source: "service cloud.firestore { match /databases/{d}/documents { } }")
    }
  }
}
