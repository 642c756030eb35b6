/// Lexical file-path arithmetic, with no file-system access.
enum FilePath {
  /// `a/./b/../c` as `a/c` (leading `..` kept, `..` above `/` dropped), so two suites naming one
  /// file, or a watched file and the path a job read, agree.
  static func normalized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part == "..", absolute {
        continue
      } else {
        parts.append(part)
      }
    }
    return (absolute ? "/" : "") + parts.joined(separator: "/")
  }
}
