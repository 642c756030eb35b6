/// Lexical file-path arithmetic, with no file-system access.
package enum FilePath {
  /// `a/./b/../c` as `a/c` (leading `..` kept, `..` above `/` dropped), so two suites naming one
  /// file, or a watched file and the path a job read, agree.
  package static func normalized(_ path: String) -> String {
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

extension FilePath {
  /// `name` inside `folder` (`name` itself when it is absolute or `folder` is empty).
  package static func joined(_ folder: String, _ name: String) -> String {
    if name.hasPrefix("/") || folder.isEmpty { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The folder holding `path`: `/a/b` → `/a`, `/a` → `/`, `a` → `` (trailing slashes ignored).
  package static func parent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// The last component of `path` (`b.json` for `a/b.json`).
  static func name(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The extension of the last component, without the dot (`json` for `a/b.json`; empty for none).
  static func pathExtension(_ path: String) -> String {
    let last = name(path)
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
    return String(last[last.index(after: dot)...])
  }
}
