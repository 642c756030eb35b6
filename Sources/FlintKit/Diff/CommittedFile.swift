/// A file as committed in a git revision, read from the file's own folder: `git -C FOLDER
/// cat-file blob --end-of-options REF:./NAME`, so a project in a subfolder of its repository
/// needs no repository-relative path (git reads `./NAME` against the folder it runs in). The
/// plumbing command prints the blob's bytes as committed (no text conversion, no pager).
package enum CommittedFile {
  /// The longest revision accepted.
  package static let maxRefLength = 200

  /// Why `ref` cannot be handed to git as a revision, or nil. Refused: an empty one, one over
  /// `maxRefLength` characters, one starting with `-` (git would read an option), one holding `:`
  /// (git would read `REF:path` inside it) or a space or control character.
  package static func refProblem(_ ref: String) -> String? {
    if ref.isEmpty { return "the git revision is empty (for example HEAD, main, HEAD~1, a commit id)" }
    if ref.count > maxRefLength { return "the git revision is longer than \(maxRefLength) characters" }
    if ref.hasPrefix("-") { return "'\(ref)' is not a git revision: it starts with '-'" }
    if ref.contains(":") { return "'\(ref)' is not a git revision: it holds ':'" }
    if ref.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
      return "'\(ref)' is not a git revision: it holds a space or a control character"
    }
    return nil
  }

  /// The bytes of the file at `path` as committed in `ref`; the problem says why not (the
  /// revision refused by `refProblem`, git missing, not a repository, an unknown revision, the
  /// file not in it, or over `limit` bytes).
  package static func read(_ path: String, at ref: String, limit: Int = FileBytes.maxSize) throws(DiffProblem)
    -> [UInt8]
  {
    if let problem = refProblem(ref) { throw DiffProblem(problem) }
    let folder = FilePath.parent(path)
    let spec = "\(ref):./\(FilePath.name(path))"
    let finished: ChildProcess.Finished
    do {
      finished = try ChildProcess.run(
        ["git", "-C", folder.isEmpty ? "." : folder, "cat-file", "blob", "--end-of-options", spec], limit: limit)
    } catch {
      throw DiffProblem("cannot run git to read \(path) in \(ref): \(error.reason)")
    }
    guard finished.output.count <= limit else {
      throw DiffProblem("\(path) in \(ref) is larger than \(limit >> 20) MiB")
    }
    guard finished.status == 0 else {
      var reason = String(decoding: finished.errors, as: UTF8.self).trimmed()
      if reason.hasPrefix("fatal: ") { reason.removeFirst(7) }
      throw DiffProblem("cannot read \(path) in \(ref): \(reason.isEmpty ? "git cat-file failed" : reason)")
    }
    return finished.output
  }
}
