/// The files `flint init` writes: locked-down rules, a suite that passes against them, an
/// empty index manifest and (in an empty folder) the firebase.json naming them; for Cloud
/// Storage, locked-down `storage.rules` and its suite.
package enum StarterFiles {
  package static let rulesName = "firestore.rules"
  package static let suiteName = "firestore.rules.test.yaml"
  package static let indexesName = "firestore.indexes.json"
  package static let configName = "firebase.json"
  package static let storageRulesName = "storage.rules"
  package static let storageSuiteName = "storage.rules.test.yaml"

  /// Denies everything except a signed-in user's own `users/{uid}` document.
  package static let rules = """
    rules_version = '2';

    // Locked down: everything is denied unless an allow below grants it.
    service cloud.firestore {
      match /databases/{database}/documents {
        function isSignedIn() {
          return request.auth != null;
        }

        // Each signed-in user reads and writes their own profile, and nothing else.
        match /users/{uid} {
          allow read, delete: if isSignedIn() && request.auth.uid == uid;
          allow create, update: if isSignedIn() && request.auth.uid == uid
            && request.resource.data.keys().hasOnly(['name', 'bio']);
        }
      }
    }

    """

  /// Cases that pass against `rules`; run with `flint test firestore.rules.test.yaml`.
  package static let suite = """
    # Rule tests for firestore.rules: flint test firestore.rules.test.yaml
    # Fields: Docs/suites.md in the Flint repository, or `flint help suites`.
    rules: firestore.rules
    time: "2024-01-01T00:00:00Z"
    data:
      users/alice: {name: Alice}
    cases:
      - name: alice reads her profile
        request: {method: get, path: users/alice, auth: {uid: alice}}
        expect: allow
      - name: bob cannot read alice
        request: {method: get, path: users/alice, auth: {uid: bob}}
        expect: deny
      - name: signed out cannot read
        request: {method: get, path: users/alice}
        expect: deny
      - name: alice updates her bio (only the changed field is sent)
        request: {path: users/alice, auth: {uid: alice}, update: {bio: Hello}}
        expect: allow
      - name: alice cannot add a role
        request: {path: users/alice, auth: {uid: alice}, update: {role: admin}}
        expect: deny
      - name: anything else is denied
        request: {method: get, path: posts/p1, auth: {uid: alice}}
        expect: deny

    """

  package static let indexes = """
    {"indexes": [], "fieldOverrides": []}

    """

  package static let config = """
    {
      "firestore": {
        "rules": "firestore.rules",
        "indexes": "firestore.indexes.json"
      }
    }

    """

  /// The firebase.json of an empty folder when Cloud Storage is asked for.
  package static let configWithStorage = """
    {
      "firestore": {
        "rules": "firestore.rules",
        "indexes": "firestore.indexes.json"
      },
      "storage": {
        "rules": "storage.rules"
      }
    }

    """

  /// Cloud Storage, locked down: no client reads or writes any object (as `firebase init
  /// storage` writes it); open paths one `match` at a time.
  package static let storageRules = """
    rules_version = '2';

    // Locked down: no client can read or write any object until an allow below grants it.
    service firebase.storage {
      match /b/{bucket}/o {
        match /{allPaths=**} {
          allow read, write: if false;
        }
      }
    }

    """

  /// Cases that pass against `storageRules`; run with `flint test storage.rules.test.yaml`.
  package static let storageSuite = """
    # Rule tests for storage.rules: flint test storage.rules.test.yaml
    # Fields: Docs/suites.md in the Flint repository, or `flint help suites`.
    rules: storage.rules
    cases:
      - name: signed-out users cannot download
        request: {method: get, path: users/alice/avatar.png}
        expect: deny
      - name: nobody can upload
        request: {method: create, path: users/alice/avatar.png, auth: {uid: alice}, object: {size: 1024, contentType: image/png}}
        expect: deny

    """
}
