import FlintTestSupport
import Testing

@testable import RulesLanguage

/// A rules v2 Storage file with `body` inside `match /b/{bucket}/o`.
func storageWrapped(_ body: String) -> String {
  "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
}

/// The lints in a Cloud Storage file: only those that apply to Storage run, the shared ones speak
/// of objects and folders, and lookups are Storage's `firestore.get()`/`firestore.exists()` with
/// its limit of 2.
@Suite("Storage lints")
struct StorageLintTests {
  static let firestoreOnly = RulesLinter.rules.filter { !$0.applies(to: .storage) }

  @Test(
    "a Storage file gets no Firestore-only lint, even on a body that triggers it in Firestore", arguments: firestoreOnly
  )
  func noFirestoreOnlyLint(rule: LintRule) {
    for example in rule.triggering {
      #expect(checkCodes(lintWrapped(example)).contains(rule.code), "\(rule.code) is silent in Firestore")
      #expect(!checkCodes(storageWrapped(example)).contains(rule.code), "\(rule.code) fired in Storage:\n\(example)")
    }
  }

  @Test("the Firestore-only lints are the ones about documents, collections, fields and queries")
  func whichLintsAreFirestoreOnly() {
    let codes = Set(Self.firestoreOnly.map(\.code))
    for code: DiagnosticCode in [
      .misconceptionMatchNamesField, .misconceptionQueryProjection, .limitHotDocument, .securityOwnerFieldInKeyList,
      .securityUnvalidatedWrite, .misconceptionFieldHiding,
    ] {
      #expect(codes.contains(code), "\(code)")
    }
    for code: DiagnosticCode in [
      .securityOpenWrite, .securityOpenRead, .securitySignedInOnlyWrite, .limitDocumentLookups,
    ] {
      #expect(!codes.contains(code), "\(code)")
    }
    // The Storage lints stay out of Firestore files.
    let upload = "match /a/{id} { allow write: if request.auth != null && request.resource.data.size() < 5; }"
    #expect(!checkCodes(lintWrapped(upload)).contains(.securityUnboundedUpload))
  }

  @Test("shared lints name objects and folders in Storage, never documents or subcollections")
  func objectWording() {
    let text = storageWrapped(
      """
      match /{allPaths=**} { allow read, write: if true; }
      match /shared/{fileName} { allow write: if request.auth != null; }
      """)
    let messages = lintCheck(text).diagnostics.filter { $0.code.rawValue.hasPrefix("security.") }
      .map { ([$0.message] + $0.notes.map(\.message)).joined(separator: " ") }
    let codes = Set(lintCheck(text).diagnostics.map(\.code))
    #expect(codes.isSuperset(of: [.securityOpenRead, .securityOpenWrite, .securitySignedInOnlyWrite]))
    #expect(messages.contains { $0.contains("every object under '/{allPaths=**}', in every subfolder") })
    #expect(messages.contains { $0.contains("any object matched by '/shared/{fileName}', other users' objects") })
    for message in messages {
      #expect(!message.contains("document") && !message.contains("collection"), "\(message)")
    }
  }

  @Test("Storage lookups are firestore.get()/exists(), and more than 2 distinct documents exceed the limit")
  func lookupLimit() {
    func lookups(_ count: Int, spelled prefix: String) -> String {
      let calls = (0..<count).map { "\(prefix)exists(/databases/(default)/documents/flags/f\($0))" }
      return storageWrapped("match /a/{fileName} { allow read: if \(calls.joined(separator: " && ")); }")
    }
    let over = lintCheck(lookups(3, spelled: "firestore.")).diagnostics.filter { $0.code == .limitDocumentLookups }
    #expect(over.count == 1)
    #expect(over.first?.message.contains("the limit is 2 per request, and") == true)
    #expect(!checkCodes(lookups(2, spelled: "firestore.")).contains(.limitDocumentLookups))
    // Firestore's unprefixed spelling is no lookup in Storage (it is an error there).
    #expect(!checkCodes(lookups(3, spelled: "")).contains(.limitDocumentLookups))
    // And Storage's spelling is no lookup in Firestore: 11 `get()` calls are needed there.
    let firestore = lintWrapped(
      "match /a/{id} { allow read: if "
        + (0..<3).map { "exists(/databases/$(database)/documents/flags/f\($0))" }.joined(separator: " && ") + "; }")
    #expect(!checkCodes(firestore).contains(.limitDocumentLookups))
  }

  @Test("a role looked up with firestore.get() is a privilege: an admin-only upload needs no size cap")
  func lookupPrivilege() {
    let admin = storageWrapped(
      """
      match /site/{fileName} {
        allow write: if firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.role == 'admin';
      }
      """)
    #expect(!checkCodes(admin).contains(.securityUnboundedUpload))
    let anyone = storageWrapped("match /site/{fileName} { allow write: if request.auth != null; }")
    #expect(checkCodes(anyone).contains(.securityUnboundedUpload))
  }

  @Test("the content-type lint asks the engine's regex: without one it is silent, with it exact")
  func contentTypePatterns() {
    let body = { (pattern: String) in
      storageWrapped(
        """
        match /i/{userId}/{fileName} {
          allow create: if request.auth.uid == userId && request.resource.size < 1024
            && request.resource.contentType.matches('\(pattern)');
        }
        """)
    }
    #expect(checkCodes(body("image/.*")).contains(.securityActiveContentType))
    #expect(checkCodes(body("image/[a-z+]+")).contains(.securityActiveContentType))
    #expect(checkCodes(body("text/.*")).contains(.securityActiveContentType))
    #expect(!checkCodes(body("image/(png|jpeg)")).contains(.securityActiveContentType))
    #expect(!checkCodes(body("image/[a-z]+")).contains(.securityActiveContentType))
    #expect(!checkCodes(body("video/.*")).contains(.securityActiveContentType))
    let unaided = RulesLinter.check(SourceFile(name: "t.rules", text: body("image/.*")))
    #expect(!unaided.diagnostics.contains { $0.code == .securityActiveContentType })
  }
}
