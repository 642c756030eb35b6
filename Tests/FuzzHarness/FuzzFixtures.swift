import FlintKit

/// The fixed context the fuzz harnesses run inputs against: the sample project's rules and
/// documents (`SampleProject`, compiled in from Corpus/sample, so the harnesses need no files at
/// run time).
public enum FuzzFixtures {
  /// The rules file name suites refer to.
  public static let rulesName = "firestore.rules"

  /// Corpus/sample/firestore.rules (the copy compiled into flint, `SampleProject`).
  public static let rules = SampleProject.text("firestore.rules") ?? ""

  /// Cloud Storage rules for suites whose rules file names storage (the Storage seeds): uploads
  /// with a size cap and a content type, owner folders, a listing and a cross-service lookup.
  public static let storageRules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /users/{uid}/{file} {
          allow read: if request.auth != null;
          allow create, update: if request.auth.uid == uid && request.resource.size < 1024 * 1024
            && request.resource.contentType.matches('image/(png|jpeg)');
          allow delete: if request.auth.uid == uid;
        }
        match /users/{uid} { allow list: if request.auth.uid == uid; }
        match /teams/{team}/{rest=**} {
          allow read: if firestore.exists(/databases/(default)/documents/teams/$(team)/members/$(request.auth.uid));
        }
      }
    }
    """

  /// Corpus/sample/data.json (tagged JSON).
  public static let data = SampleProject.text("data.json") ?? ""
}
