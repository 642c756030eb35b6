#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// File access for suites: whole-file reads with the system's reason on failure, folder
/// expansion, and paths relative to a suite's folder.
package enum SuiteFiles {
  /// The suite file extensions a folder argument picks up.
  package static let suiteExtensions = ["json", "yaml", "yml"]

  /// The bytes of a file, or `SuiteError.unreadable` naming it and the reason.
  package static func read(_ path: String) throws(SuiteError) -> [UInt8] {
    do {
      return try FileBytes.read(path)
    } catch {
      throw .unreadable(error.message)
    }
  }

  /// The suite files to run for the command-line arguments: files as given, folders replaced
  /// by their `*.json`/`*.yaml`/`*.yml` files (not recursive), sorted by name, that are
  /// suites (`isSuite`): firebase.json, seed data and index manifests are skipped silently.
  package static func expand(_ arguments: [String]) throws(SuiteError) -> [String] {
    var files: [String] = []
    for argument in arguments {
      guard FileKind.isFolder(argument) else {
        files.append(argument)
        continue
      }
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: argument)
      } catch {
        throw SuiteError.unreadable("cannot list '\(argument)'")
      }
      let suites = names.filter { name in
        !name.hasPrefix(".") && suiteExtensions.contains(FilePath.pathExtension(name).lowercased())
          && !FileKind.isFolder(join(argument, name)) && isSuite(join(argument, name))
      }
      if suites.isEmpty { throw SuiteError.unreadable("no suites found in \(argument)") }
      files.append(contentsOf: suites.sorted().map { join(argument, $0) })
    }
    return files
  }

  /// The suites in the current folder, by bare name (`flint test` with no argument), or
  /// `no suites found in the current folder`.
  package static func currentFolder() throws(SuiteError) -> [String] {
    do {
      return try expand(["."]).map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
    } catch {
      if case .unreadable(let message) = error, message.hasPrefix("no suites found") {
        throw .unreadable("no SUITE given and no suites found in the current folder")
      }
      throw error
    }
  }

  /// Whether a file in a folder is to be run: JSON or YAML with a top-level `cases` key. A
  /// file that cannot be read counts as a (broken) suite; one that does not parse counts as a
  /// suite only when it looks like one (`SuiteLikeness`), so a broken suite is reported while a
  /// broken manifest draft or seed file beside the suites is skipped without a word.
  static func isSuite(_ path: String) -> Bool {
    guard let bytes = try? read(path) else { return true }
    guard let text = try? StructuredText(bytes: bytes, name: path) else {
      return SuiteLikeness.looksLikeSuite(name: path, bytes: bytes)
    }
    guard case .object(let object) = text.value else { return false }
    return object["cases"] != nil
  }

  /// `relative` resolved against the folder holding `file` (absolute paths stay as they are).
  package static func resolve(_ relative: String, besides file: String) -> String {
    if relative.hasPrefix("/") { return relative }
    guard let slash = file.lastIndex(of: "/") else { return relative }
    return join(String(file[..<slash]), relative)
  }

  static func join(_ folder: String, _ name: String) -> String {
    if folder.isEmpty { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
