/// A file the session loaded, remembered with its stamp so a change on disk is noticed.
package struct WatchedFile: Sendable {
  /// The path to open.
  package var path: String
  /// The name shown in messages and diagnostics.
  package var display: String
  /// The file's bytes when they come from memory rather than from disk (the bundled sample
  /// project); such a file never changes on disk.
  package var embedded: [UInt8]?
  var stamp: FileStamp?

  package init(path: String, display: String? = nil) {
    self.path = path
    self.display = display ?? path
    stamp = FileStamp.of(path)
  }

  /// A file held in memory, shown as `name`.
  package init(name: String, bytes: [UInt8]) {
    path = name
    display = name
    embedded = bytes
  }

  /// The file's bytes: from memory, else read from disk now.
  func bytes() throws(FileReadError) -> [UInt8] {
    if let embedded { return embedded }
    return try FileBytes.read(path)
  }

  /// Whether the file on disk differs from what was loaded (a missing file counts only
  /// when it existed before).
  var changedOnDisk: Bool {
    guard embedded == nil else { return false }
    let now = FileStamp.of(path)
    return now != nil && now != stamp
  }
}
