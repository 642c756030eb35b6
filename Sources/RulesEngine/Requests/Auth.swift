import FirestoreModel

/// The signed-in user of a request: `request.auth` (spec §5.1).
///
/// `request.auth` is `{uid, token}`; `token` holds the ID token's claims. Unless told
/// otherwise, the claims the emulator's tokens always carry are filled in when the
/// caller did not give them: `sub` and `user_id` (the uid) and
/// `firebase: {sign_in_provider: 'custom', identities: {}}`. Other claims (`email`,
/// `iat`, `exp`, ...) appear only when given, so rules reading them error (fail closed).
package struct Auth: Hashable, Sendable {
  /// The user id (`request.auth.uid`).
  package var uid: String
  /// Every token claim as the rules see it, standard claims included.
  package var token: [String: Value]

  /// An authenticated user with `claims` (custom claims and any standard ones to override).
  package init(uid: String, claims: [String: Value] = [:], fillStandardClaims: Bool = true) {
    self.uid = uid
    var token = claims
    if fillStandardClaims {
      if token["sub"] == nil { token["sub"] = .string(uid) }
      if token["user_id"] == nil { token["user_id"] = .string(uid) }
      var firebase: [String: Value] = [:]
      if case .map(let given)? = token["firebase"] { firebase = given }
      if firebase["sign_in_provider"] == nil { firebase["sign_in_provider"] = .string("custom") }
      if firebase["identities"] == nil { firebase["identities"] = .map([:]) }
      token["firebase"] = .map(firebase)
    }
    self.token = token
  }

  /// `request.auth` as a rules map: `{uid: string, token: map}`.
  package var rulesValue: RulesValue {
    var claims: [String: RulesValue] = [:]
    claims.reserveCapacity(token.count)
    for (key, value) in token { claims[key] = RulesValue(firestore: value, database: DatabaseID.default) }
    return .map(["uid": .string(uid), "token": .map(claims)])
  }
}
