#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `flint init`: writes the starter files into an empty folder, or beside an existing
/// firebase.json, never overwriting a file. An existing firebase.json without a `firestore`
/// section gets one (`FirebaseConfigEdit`); one with a section keeps it.
package enum ProjectInit {
  /// What was done, in file order.
  package struct Outcome: Sendable, Equatable {
    package var written: [String] = []
    /// Files that already existed and were left as they were.
    package var skipped: [String] = []
    /// Whether the existing firebase.json got the `firestore` section.
    package var addedSection = false
    /// The rules files named by the `firestore` section an existing firebase.json already had
    /// (nil: there was none).
    package var keptRules: [String]?
  }

  package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder has files but no firebase.json: not a Firebase project, and not empty.
    case notAProject(String)
    case unwritable(String)
    /// The existing firebase.json is not valid JSON (the message names file:line:col).
    case invalidConfig(String)

    package var description: String {
      switch self {
      case .notAProject(let folder):
        "'\(folder)' is neither empty nor a Firebase project (no firebase.json); run flint init in an empty folder or beside firebase.json"
      case .unwritable(let message), .invalidConfig(let message): message
      }
    }
  }

  /// Writes the starter files into `folder` (created when missing).
  package static func run(in folder: String) throws(Problem) -> Outcome {
    let manager = FileManager.default
    let entries = (try? manager.contentsOfDirectory(atPath: folder))?.filter { !$0.hasPrefix(".") } ?? []
    let hasConfig = entries.contains(StarterFiles.configName)
    guard entries.isEmpty || hasConfig else { throw .notAProject(folder) }
    let configPath = SuiteFiles.join(folder, StarterFiles.configName)
    // The existing config is planned before anything is written: invalid JSON writes nothing.
    var plan: FirebaseConfigEdit.Plan?
    if hasConfig {
      let bytes: [UInt8]
      do {
        bytes = try FileBytes.read(configPath)
      } catch {
        throw .invalidConfig(error.message)
      }
      plan = try FirebaseConfigEdit.plan(bytes, name: folder == "." ? StarterFiles.configName : configPath)
    }
    do {
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .unwritable("cannot create '\(folder)'")
    }
    var files: [(String, String)] = [
      (StarterFiles.rulesName, StarterFiles.rules),
      (StarterFiles.suiteName, StarterFiles.suite),
      (StarterFiles.indexesName, StarterFiles.indexes),
    ]
    if !hasConfig { files.append((StarterFiles.configName, StarterFiles.config)) }
    var outcome = Outcome()
    for (name, text) in files {
      let path = SuiteFiles.join(folder, name)
      if manager.fileExists(atPath: path) {
        outcome.skipped.append(name)
        continue
      }
      guard manager.createFile(atPath: path, contents: Data(text.utf8)) else {
        throw .unwritable("cannot write '\(path)'")
      }
      outcome.written.append(name)
    }
    switch plan {
    case .add(let text):
      do {
        try AtomicFile.write(text, to: configPath)
      } catch {
        throw .unwritable(error.message)
      }
      outcome.addedSection = true
    case .keep(let rules): outcome.keptRules = rules
    case nil: break
    }
    return outcome
  }
}
