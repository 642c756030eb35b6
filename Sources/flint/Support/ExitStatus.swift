/// The exit statuses every subcommand uses.
enum ExitStatus {
  /// No errors (warnings allowed).
  static let success: Int32 = 0
  /// The checked input has errors.
  static let failure: Int32 = 1
  /// Usage error, unreadable file or invalid configuration.
  static let usage: Int32 = 2
}
