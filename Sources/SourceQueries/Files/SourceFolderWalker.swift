import FirestoreModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lists the source files of a folder, recursively, in a stable order: the files
/// `SourceLanguage(fileName:)` knows, skipping dependency and build folders (`skippedFolders`), what the
/// folder's top-level `.gitignore` ignores (simple patterns), `--exclude` globs, and (unless
/// `readsAll`) what is not the app's own source (`AppSourceFilter`: bundles, vendored libraries,
/// generated code, tests, backup copies), which is counted. Symbolic links to folders are not
/// followed (no cycles).
package struct SourceFolderWalker: Sendable {
  /// Folders never read: dependencies, build output, version control.
  package static let skippedFolders: Set<String> = [
    "node_modules", ".build", "Pods", "build", ".dart_tool", "DerivedData", ".git", ".gradle",
  ]
  /// `Swift, TypeScript, JavaScript, Kotlin, Java or Dart`: the languages read, for messages and help.
  package static var languageList: String {
    let names = SourceLanguage.allCases.map(\.displayName)
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  /// At most this many folders are listed under one root (no unbounded walk).
  package static let maxFolders = 200_000

  /// Globs (`*`, `?`, `[...]`) matched against the path relative to the folder and against the name.
  package var excludes: [String]
  /// Whether files that are not the app's own source are read too (`--include-all`).
  package var readsAll: Bool

  package init(excludes: [String] = [], readsAll: Bool = false) {
    self.excludes = excludes
    self.readsAll = readsAll
  }

  package struct WalkError: Error, Sendable, CustomStringConvertible {
    package var description: String
  }

  /// What a walk found: the files to read and the source files left unread, both paths
  /// starting with the root.
  package struct Walk: Sendable {
    package var files: [String] = []
    package var skipped: [SkippedSource] = []
  }

  /// The source files under `root` (paths start with `root`).
  package func files(in root: String) throws(WalkError) -> [String] { try walk(root).files }

  /// The source files under `root` to read, and those skipped as not the app's own source.
  package func walk(_ root: String) throws(WalkError) -> Walk {
    let manager = FileManager.default
    var rootInfo = stat()
    guard stat(root, &rootInfo) == 0, (rootInfo.st_mode & S_IFMT) == S_IFDIR else {
      throw WalkError(description: "cannot read folder '\(root)'")
    }
    let gitignore = Self.joined(root, ".gitignore")
    let ignore = GitIgnore(text: (try? String(contentsOfFile: gitignore, encoding: .utf8)) ?? "")
    var walk = Walk()
    // Each folder with the reason its files are skipped (nil: they are read).
    var pending: [(path: String, skip: AppSourceFilter.Reason?)] = [("", nil)]
    var visited = 0
    while let entry = pending.popLast() {
      let (relative, skip) = entry
      visited += 1
      if visited > Self.maxFolders { break }
      let folder = relative.isEmpty ? root : Self.joined(root, relative)
      guard let names = try? manager.contentsOfDirectory(atPath: folder) else { continue }
      var subfolders: [(String, AppSourceFilter.Reason?)] = []
      let folders = relative.split(separator: "/")
      for name in names.sorted() {
        let path = relative.isEmpty ? name : relative + "/" + name
        let full = Self.joined(root, path)
        var info = stat()
        guard lstat(full, &info) == 0 else { continue }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
          if Self.skippedFolders.contains(name) || ignore.ignores(path, isFolder: true) || excluded(path, name) {
            continue
          }
          subfolders.append((path, skip ?? (readsAll ? nil : AppSourceFilter.reason(folder: name))))
        } else if kind == S_IFREG || kind == S_IFLNK {
          guard SourceLanguage(fileName: name) != nil, !ignore.ignores(path, isFolder: false), !excluded(path, name)
          else { continue }
          if let reason = skip ?? (readsAll ? nil : AppSourceFilter.reason(file: name, folders: folders)) {
            walk.skipped.append(SkippedSource(path: full, reason: reason))
          } else {
            walk.files.append(full)
          }
        }
      }
      pending += subfolders.reversed()
    }
    walk.files.sort()
    walk.skipped.sort { $0.path < $1.path }
    return walk
  }

  /// Whether a path given directly (a file argument) is excluded.
  package func excludes(file path: String) -> Bool { excluded(path, Self.name(path)) }

  static func joined(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  static func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

  private func excluded(_ path: String, _ name: String) -> Bool {
    excludes.contains { Glob.matches($0, path) || Glob.matches($0, name) }
  }
}

/// The simple patterns of a `.gitignore`: `name`, `*.ext`, `dir/`, `/anchored`, `a/b/*.js`;
/// `!` negations and `**` are read as written by `fnmatch` (negations are ignored: fail-closed
/// here means reading more files, never fewer).
struct GitIgnore: Sendable {
  struct Pattern: Sendable {
    var glob: String
    var folderOnly: Bool
    var anchored: Bool
  }

  var patterns: [Pattern] = []

  init(text: String) {
    for raw in text.split(whereSeparator: \.isNewline) {
      var line = raw.trimmed()
      guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("!") else { continue }
      var folderOnly = false
      if line.hasSuffix("/") {
        folderOnly = true
        line.removeLast()
      }
      var anchored = line.contains("/")
      if line.hasPrefix("/") {
        line.removeFirst()
        anchored = true
      }
      guard !line.isEmpty else { continue }
      patterns.append(Pattern(glob: line, folderOnly: folderOnly, anchored: anchored))
    }
  }

  func ignores(_ path: String, isFolder: Bool) -> Bool {
    let name = SourceFolderWalker.name(path)
    return patterns.contains { pattern in
      if pattern.folderOnly, !isFolder { return false }
      return pattern.anchored ? Glob.matches(pattern.glob, path) : Glob.matches(pattern.glob, name)
    }
  }
}

enum Glob {
  static func matches(_ pattern: String, _ text: String) -> Bool {
    fnmatch(pattern, text, 0) == 0
  }
}
