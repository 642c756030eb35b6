import FirestoreModel

/// Who sends a request: `request.auth` as the rules see it.
///
/// ```swift
/// .user("alice")                                  // request.auth.uid == 'alice'
/// .user("root", claims: ["admin": true])          // request.auth.token.admin == true
/// .anonymous                                      // signed in with Firebase anonymous auth
/// .signedOut                                      // request.auth == null
/// ```
///
/// A signed-in user's token also carries the claims the emulator's tokens always have: `sub`
/// and `user_id` (the uid) and `firebase.sign_in_provider` (`custom` unless given). Other
/// standard claims (`email`, `email_verified`, ...) exist only when given, so rules reading a
/// missing one deny.
public struct Identity: Sendable, Hashable, CustomStringConvertible {
  /// The user id, nil when signed out.
  public let uid: String?
  /// The token claims given (the standard ones are added when the request is evaluated).
  public let claims: [String: ClaimValue]

  /// A signed-in user with `uid` and, optionally, token claims.
  public static func user(_ uid: String, claims: [String: ClaimValue] = [:]) -> Identity {
    Identity(uid: uid, claims: claims)
  }

  /// A user signed in with Firebase anonymous auth (uid `anonymous`, sign-in provider `anonymous`).
  public static var anonymous: Identity {
    Identity(uid: "anonymous", claims: ["firebase": ["sign_in_provider": "anonymous"]])
  }

  /// No user: `request.auth` is null.
  public static var signedOut: Identity { Identity(uid: nil, claims: [:]) }

  /// `alice`, `root {"admin":true}` or `signed out`, as requests print it.
  public var description: String {
    guard let uid else { return "signed out" }
    return claims.isEmpty ? uid : "\(uid) \(JSONValue.object(ClaimValue.object(claims)).text())"
  }

  /// `{"uid", "token"}` as a suite's request gives it, or null.
  var json: JSONValue {
    guard let uid else { return .null }
    return .object(
      JSONObject(members: [
        JSONMember(key: "uid", value: .string(uid)),
        JSONMember(key: "token", value: .object(ClaimValue.object(claims))),
      ])!)
  }
}
