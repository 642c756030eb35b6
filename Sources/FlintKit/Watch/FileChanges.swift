/// Where a watch loop learns that files changed: `FileEvents` (Linux inotify) in the CLI, a
/// script in tests.
package protocol FileChanges: AnyObject {
  /// Starts watching `folders` (those already watched are skipped); returns those that do not exist.
  @discardableResult func watch(_ folders: Set<String>) -> [String]

  /// Blocks until files change; the changed paths. Throws when the changes cannot be read (and a
  /// script throws to end the loop).
  func next() throws -> [String]
}

#if os(Linux)
  extension FileEvents: FileChanges {
    package func next() throws -> [String] { try next(settle: 50) }
  }
#endif
