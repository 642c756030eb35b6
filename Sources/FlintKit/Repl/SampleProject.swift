/// The sample project `flint repl` starts with where there is no firebase.json and no options:
/// `Corpus/sample`'s rules, seed data and index manifest, compiled into the binary so a shipped
/// `flint` has them without the source tree. `SampleProjectTests` pins these texts to
/// `Corpus/sample` (`UPDATE_GOLDENS=1` rewrites this file from it).
package enum SampleProject {
  /// Each file's name in `Corpus/sample` and its text.
  package static let files: [(name: String, text: String)] = [
    (
      "firestore.rules",
      #"""
      rules_version = '2';

      // "Bookclub": a small reading-group app.
      // - users/{uid}: public profiles, written only by their owner
      // - clubs/{clubId}: clubs with an owner and a member list; moderators via custom claims
      // - clubs/{clubId}/posts/{postId}: posts by members; authors may edit title/body only
      // - any .../reviews/{reviewId}: collection-group readable reviews
      service cloud.firestore {
        match /databases/{database}/documents {
          function isSignedIn() {
            return request.auth != null;
          }

          function isModerator() {
            return isSignedIn() && request.auth.token.get('moderator', false) == true;
          }

          function club(clubId) {
            return get(/databases/$(database)/documents/clubs/$(clubId)).data;
          }

          function isMember(clubId) {
            let members = club(clubId).members;
            return isSignedIn() && request.auth.uid in members;
          }

          function validProfile(data) {
            return data.keys().hasOnly(['displayName', 'bio', 'photoUrl', 'joinedAt'])
              && data.displayName is string
              && data.displayName.size() >= 2 && data.displayName.size() <= 40
              && (!('bio' in data) || data.bio.size() <= 500)
              && (!('photoUrl' in data) || data.photoUrl.matches('https://.*'));
          }

          match /users/{uid} {
            allow read: if true;
            allow create: if isSignedIn() && request.auth.uid == uid
              && validProfile(request.resource.data)
              && request.resource.data.joinedAt == request.time;
            allow update: if isSignedIn() && request.auth.uid == uid
              && validProfile(request.resource.data)
              && request.resource.data.joinedAt == resource.data.joinedAt;
            allow delete: if false;
          }

          match /clubs/{clubId} {
            allow read: if resource.data.visibility == 'public' || isMember(clubId);
            allow create: if isSignedIn()
              && request.resource.data.owner == request.auth.uid
              && request.auth.uid in request.resource.data.members
              && request.resource.data.visibility in ['public', 'private'];
            allow update: if isSignedIn()
              && (resource.data.owner == request.auth.uid || isModerator())
              && request.resource.data.owner == resource.data.owner;
            allow delete: if isSignedIn() && resource.data.owner == request.auth.uid;

            match /posts/{postId} {
              allow read: if isMember(clubId) || club(clubId).visibility == 'public';
              allow create: if isMember(clubId)
                && request.resource.data.author == request.auth.uid
                && request.resource.data.title is string
                && request.resource.data.title.size() <= 120
                && request.resource.data.createdAt == request.time;
              allow update: if isMember(clubId)
                && resource.data.author == request.auth.uid
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title', 'body', 'editedAt'])
                && request.resource.data.editedAt == request.time;
              allow delete: if (isSignedIn() && resource.data.author == request.auth.uid) || isModerator();
            }
          }

          match /{path=**}/reviews/{reviewId} {
            allow read: if true;
            // No separate list rule: allow read covers list, and allow statements are OR-ed.
          }

          match /clubs/{clubId}/books/{bookId}/reviews/{reviewId} {
            allow create: if isMember(clubId)
              && request.resource.data.rating is int
              && request.resource.data.rating >= 1 && request.resource.data.rating <= 5
              && request.resource.data.reviewer == request.auth.uid;
            allow update: if isSignedIn() && resource.data.reviewer == request.auth.uid
              && request.resource.data.reviewer == resource.data.reviewer;
            allow delete: if isSignedIn() && resource.data.reviewer == request.auth.uid;
          }
        }
      }

      """#
    ),
    (
      "data.json",
      #"""
      {
        "users/alice": {"displayName": "Alice", "joinedAt": {"__timestamp__": "2024-01-01T00:00:00Z"}},
        "users/bob": {"displayName": "Bob", "joinedAt": {"__timestamp__": "2024-02-01T00:00:00Z"}},
        "clubs/dickens": {"name": "Dickens Readers", "owner": "alice", "visibility": "public", "members": ["alice", "bob"]},
        "clubs/poetry": {"name": "Night Poets", "owner": "carol", "visibility": "private", "members": ["carol"]},
        "clubs/scifi": {"name": "Far Futures", "owner": "bob", "visibility": "public", "members": ["bob"]},
        "clubs/dickens/posts/p1": {"author": "bob", "title": "Bleak House", "body": "Fog everywhere.", "createdAt": {"__timestamp__": "2024-03-01T00:00:00Z"}},
        "clubs/dickens/books/b1/reviews/r1": {"reviewer": "bob", "rating": 4},
        "clubs/scifi/books/b2/reviews/r2": {"reviewer": "alice", "rating": 5}
      }

      """#
    ),
    (
      "firestore.indexes.json",
      #"""
      {
        "indexes": [
          {
            "collectionGroup": "clubs",
            "queryScope": "COLLECTION",
            "fields": [
              {
                "fieldPath": "visibility",
                "order": "ASCENDING"
              },
              {
                "fieldPath": "name",
                "order": "ASCENDING"
              }
            ]
          },
          {
            "collectionGroup": "posts",
            "queryScope": "COLLECTION",
            "fields": [
              {
                "fieldPath": "author",
                "order": "ASCENDING"
              },
              {
                "fieldPath": "createdAt",
                "order": "DESCENDING"
              }
            ]
          },
          {
            "collectionGroup": "reviews",
            "queryScope": "COLLECTION_GROUP",
            "fields": [
              {
                "fieldPath": "rating",
                "order": "DESCENDING"
              },
              {
                "fieldPath": "createdAt",
                "order": "DESCENDING"
              }
            ]
          }
        ],
        "fieldOverrides": [
          {
            "collectionGroup": "reviews",
            "fieldPath": "rating",
            "indexes": [
              {
                "order": "ASCENDING",
                "queryScope": "COLLECTION"
              },
              {
                "order": "DESCENDING",
                "queryScope": "COLLECTION"
              },
              {
                "arrayConfig": "CONTAINS",
                "queryScope": "COLLECTION"
              },
              {
                "order": "DESCENDING",
                "queryScope": "COLLECTION_GROUP"
              }
            ]
          }
        ]
      }

      """#
    ),
  ]

  /// The text of the sample file `name`.
  package static func text(_ name: String) -> String? { files.first { $0.name == name }?.text }
}
