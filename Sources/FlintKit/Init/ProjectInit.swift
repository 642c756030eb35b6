#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `flint init`: writes the starter files into an empty folder, or beside an existing
/// firebase.json, never overwriting a file. An existing firebase.json without a `firestore`
/// section gets one (`FirebaseConfigEdit`); one with a section keeps it. Cloud Storage's starter
/// (locked-down `storage.rules` and its suite) is written when the firebase.json has a `storage`
/// section, or when asked for (then a missing section is added, or written in a new firebase.json).
package enum ProjectInit {
  /// What was done, in file order.
  package struct Outcome: Sendable, Equatable {
    package var written: [String] = []
    /// Files that already existed and were left as they were.
    package var skipped: [String] = []
    /// The sections the existing firebase.json got (`firestore`, `storage`).
    package var addedSections: [String] = []
    /// The rules files named by the `firestore` section an existing firebase.json already had
    /// (nil: there was none).
    package var keptRules: [String]?
    /// The rules files named by the `storage` section it already had (nil: there was none).
    package var keptStorageRules: [String]?
    /// Whether the Cloud Storage starter is part of the project.
    package var storage = false
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

  /// Writes the starter files into `folder` (created when missing); `storage`: the Cloud
  /// Storage starter too, even when firebase.json has no `storage` section.
  package static func run(in folder: String, storage wantsStorage: Bool = false) throws(Problem) -> Outcome {
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
      let name = folder == "." ? StarterFiles.configName : configPath
      plan = try FirebaseConfigEdit.plan(bytes, name: name, storage: wantsStorage)
    }
    do {
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .unwritable("cannot create '\(folder)'")
    }
    var outcome = Outcome()
    outcome.storage = plan?.hasStorage ?? wantsStorage
    var files: [(String, String)] = [
      (StarterFiles.rulesName, StarterFiles.rules),
      (StarterFiles.suiteName, StarterFiles.suite),
      (StarterFiles.indexesName, StarterFiles.indexes),
    ]
    if outcome.storage {
      files += [
        (StarterFiles.storageRulesName, StarterFiles.storageRules),
        (StarterFiles.storageSuiteName, StarterFiles.storageSuite),
      ]
    }
    if !hasConfig {
      files.append((StarterFiles.configName, outcome.storage ? StarterFiles.configWithStorage : StarterFiles.config))
    }
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
    guard let plan else { return outcome }
    if let text = plan.text {
      do {
        try AtomicFile.write(text, to: configPath)
      } catch {
        throw .unwritable(error.message)
      }
    }
    outcome.addedSections = plan.added
    outcome.keptRules = plan.firestoreRules
    outcome.keptStorageRules = plan.storageRules
    return outcome
  }
}
