import FlintKit

/// An in-memory file system for the suite loader: paths to file texts.
struct MemoryFiles: Sendable {
  var files: [String: String]

  init(_ files: [String: String]) {
    self.files = files
  }

  /// A reader that serves these files and fails like the real one for others.
  var reader: SuiteLoader.Reader {
    let files = files
    return { path throws(SuiteError) in
      guard let text = files[path] else {
        throw SuiteError.unreadable("cannot read '\(path)': No such file or directory")
      }
      return Array(text.utf8)
    }
  }

  /// Loads `suite` (default `suite.json`) from these files.
  func load(_ suite: String = "suite.json") throws(SuiteError) -> RuleSuite {
    var loader = SuiteLoader(reader: reader)
    return try loader.load(file: suite)
  }

  /// The error loading `suite` gives, or nil when it loads.
  func error(_ suite: String = "suite.json") -> SuiteError? {
    do {
      _ = try load(suite)
      return nil
    } catch {
      return error
    }
  }

  /// The printed message of the load error (empty when the suite loads).
  func message(_ suite: String = "suite.json") -> String {
    error(suite)?.description ?? ""
  }
}

/// Rules used by the loader and runner tests.
enum TestRules {
  static let users = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /users/{uid} {
          allow read: if request.auth != null && request.auth.uid == uid;
          allow create: if request.auth.uid == uid && request.resource.data.name is string;
        }
        match /posts/{post} {
          allow list: if request.query.limit <= 10;
        }
      }
    }

    """

  /// A suite text around one case object (JSON text).
  static func suite(case caseJSON: String, extra: String = "") -> String {
    """
    {"rules": "firestore.rules"\(extra), "cases": [\(caseJSON)]}
    """
  }

  /// Files with the users rules and `suite.json` holding `suite`.
  static func files(_ suite: String, more: [String: String] = [:]) -> MemoryFiles {
    var files = ["firestore.rules": users, "suite.json": suite]
    for (key, value) in more { files[key] = value }
    return MemoryFiles(files)
  }
}
