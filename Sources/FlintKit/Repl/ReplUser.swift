/// Who `:as` signs in.
package enum ReplUser: Equatable, Sendable {
  case user(String)
  /// An anonymous Firebase Auth user (sign-in provider `anonymous`).
  case anonymous
  /// Signed out: `request.auth == null`.
  case nobody
}
