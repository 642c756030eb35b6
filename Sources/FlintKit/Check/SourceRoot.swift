import RulesLanguage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The source root of `flint check --format sarif`: the top level of the git checkout that
/// holds the first file (the nearest directory with a `.git` entry, a directory or a
/// worktree's file), else the current directory; each file's path relative to it. Code
/// scanning then resolves the locations against the repository even when Flint ran in a
/// subfolder.
package enum SourceRoot {
  package static func locate(
    paths: [String], currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> SARIFSourceRoot {
    let absolute = paths.map { resolved($0, from: currentDirectory) }
    let directory = absolute.first.flatMap(gitTopLevel) ?? resolved(currentDirectory, from: "/")
    return SARIFSourceRoot(directory: directory, relativePaths: absolute.map { relative($0, to: directory) })
  }

  /// The nearest ancestor directory of `path` that holds `.git`.
  static func gitTopLevel(of path: String) -> String? {
    var directory = FilePath.parent(path)
    while !directory.isEmpty {
      if FileManager.default.fileExists(atPath: FilePath.joined(directory, ".git")) {
        return directory
      }
      if directory == "/" { return nil }
      directory = FilePath.parent(directory)
    }
    return nil
  }

  /// `path` made absolute against `base`, with `.`, `..` and symbolic links resolved.
  static func resolved(_ path: String, from base: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FilePath.joined(base, path)
    return URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// `path` relative to `directory`, or nil when it is not inside it.
  static func relative(_ path: String, to directory: String) -> String? {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
    return String(path.dropFirst(prefix.count))
  }
}
