import Foundation
import Testing

private let validRules = """
  rules_version = '2';
  service cloud.firestore {
    match /databases/{database}/documents {
      match /users/{uid} {
        allow read, write: if request.auth != null && request.auth.uid == uid;
      }
    }
  }

  """

private let brokenRules = """
  rules_version = '2';
  service cloud.firestore {
    match /databases/{database}/documents {
      match /users/{uid} {
        allow read: if request.auth.uid == userId;
      }
    }
  }

  """

private let warningRules = """
  rules_version = '2';
  service cloud.firestore {
    match /databases/{database}/documents {
      function unused() { return true; }
      match /a/{id} { allow read: if true; }
    }
  }

  """

@Suite("flint check")
struct CheckCommandTests {
  @Test("the flint executable is found next to the tests")
  func executableExists() {
    #expect(FlintRunner.executable != nil)
  }

  @Test("a valid file: exit 0 and a summary line")
  func valid() throws {
    let box = try Sandbox()
    try box.write("ok.rules", validRules)
    let result = try box.run("check", "ok.rules")
    #expect(result.status == 0)
    #expect(result.stdout == "ok.rules: 0 errors, 0 warnings\n")
    #expect(result.stderr.isEmpty)
  }

  static let storageRules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /users/{uid}/{allPaths=**} {
          allow read: if request.auth != null && request.auth.uid == uid;
          allow create: if request.auth != null && request.auth.uid == uid
            && request.resource.size < 1024 * 1024 && request.resource.contentType == 'image/png';
        }
      }
    }

    """

  @Test("firebase.json's Firestore and Storage rules are each checked, summed up under their name and bucket")
  func storageFromConfig() throws {
    let box = try Sandbox()
    try box.write("ok.rules", validRules)
    try box.write("storage.rules", Self.storageRules)
    try box.write(
      "firebase.json",
      #"{"firestore": {"rules": "ok.rules"}, "storage": {"rules": "storage.rules", "bucket": "my-app.appspot.com"}}"#)
    let result = try box.run("check")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout
        == "ok.rules: 0 errors, 0 warnings\nstorage.rules (bucket my-app.appspot.com): 0 errors, 0 warnings\n")
    #expect(result.stderr.isEmpty)
    // Named on the command line, the file is checked as the Storage file it declares.
    let explicit = try box.run("check", "storage.rules")
    #expect(explicit.status == 0)
    #expect(explicit.stdout == "storage.rules: 0 errors, 0 warnings\n")
  }

  @Test("a project with only a storage section is checked (it exited 2: 'no firestore section')")
  func storageOnlyProject() throws {
    let box = try Sandbox()
    try box.write("storage.rules", Self.storageRules)
    try box.write("firebase.json", #"{"storage": {"rules": "storage.rules"}}"#)
    let result = try box.run("check")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout == "storage.rules: 0 errors, 0 warnings\n")
    #expect(result.stderr.isEmpty)
  }

  @Test("the per-bucket array: a target is named, a shared file is checked once, diagnostics name the file")
  func storageArray() throws {
    let box = try Sandbox()
    try box.write("storage.rules", Self.storageRules)
    try box.write("uploads.rules", Self.storageRules.replacingOccurrences(of: "uid == uid", with: "uid == userId"))
    try box.write(
      "firebase.json",
      """
      {"storage": [{"bucket": "a.appspot.com", "rules": "storage.rules"},
                   {"target": "uploads", "rules": "uploads.rules"},
                   {"bucket": "b.appspot.com", "rules": "storage.rules"}]}
      """)
    let result = try box.run("check", "--strict")
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix("storage.rules (bucket a.appspot.com, bucket b.appspot.com): 0 errors, 0 warnings\n"))
    // Diagnostics keep the path (editors and CI annotations open it); the summary names the target.
    #expect(result.stdout.contains("uploads.rules:5:66: error: undefined variable 'userId'"))
    #expect(result.stdout.hasSuffix("uploads.rules (target uploads): 2 errors, 0 warnings\n"))
  }

  @Test("a storage section the CLI cannot deploy, or a config naming no rules: exit 2 with the place")
  func storageBadShapes() throws {
    let box = try Sandbox()
    try box.write("firebase.json", #"{"storage": [{"rules": "storage.rules"}]}"#)
    let result = try box.run("check")
    #expect(result.status == 2)
    #expect(
      result.stderr
        == #"flint: firebase.json:1:14: $.storage[0]: an entry of the "storage" array names its "bucket" or its deploy "target" (storage.rules is deployed nowhere)"#
        + "\n")
    #expect(result.stdout.isEmpty)
    try box.write("firebase.json", #"{"hosting": {"public": "public"}}"#)
    let none = try box.run("check")
    #expect(none.status == 2)
    #expect(
      none.stderr
        == #"flint: 'firebase.json' names no rules file (it has no "firestore" section and no "storage" section): add {"firestore": {"rules": ...}} or {"storage": {"rules": ...}}, or pass a rules FILE"#
        + "\n")
  }

  @Test("errors (--strict): exit 1, GCC-style lines with source and caret")
  func errors() throws {
    let box = try Sandbox()
    try box.write("bad.rules", brokenRules)
    let result = try box.run("check", "--strict", "bad.rules")
    #expect(result.status == 1)
    let line = "      allow read: if request.auth.uid == userId;"
    let expected = """
      bad.rules:5:42: error: undefined variable 'userId' [check.undefined-variable]
      \(line)
      \(String(repeating: " ", count: 41))^~~~~~
      bad.rules:5:42: note: Google's compiler accepts this, but every request that evaluates it is denied (a run-time error)
      bad.rules: 1 error, 0 warnings

      """
    #expect(result.stdout == expected)
  }

  @Test("what Google deploys is never an error: an undefined variable is a warning without --strict")
  func acceptsWhatGoogleDeploys() throws {
    let box = try Sandbox()
    try box.write("bad.rules", brokenRules)
    let result = try box.run("check", "bad.rules")
    #expect(result.status == 0)
    #expect(result.stdout.contains("bad.rules:5:42: warning: undefined variable 'userId' [check.undefined-variable]"))
    #expect(result.stdout.contains("every request that evaluates it is denied"))
    #expect(result.stdout.hasSuffix("bad.rules: 0 errors, 1 warning\n"))
  }

  @Test("--format sarif, --max-warnings and --werror")
  func ciOptions() throws {
    let box = try Sandbox()
    try box.write("w.rules", warningRules)
    let sarif = try box.run("check", "--format", "sarif", "w.rules")
    #expect(sarif.status == 0)
    let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
    #expect(log?["version"] as? String == "2.1.0")
    #expect(sarif.stdout.contains("\"ruleId\": \"check.unused-function\""))
    // The CLI chooses the links: the compiler's checks go to flint check's page, in the repository.
    #expect(
      sarif.stdout.contains("\"helpUri\": \"https://github.com/flint-rules/flint/blob/main/Docs/commands/check.md\""))
    #expect(try box.run("check", "--max-warnings", "1", "w.rules").status == 0)
    let over = try box.run("check", "--max-warnings", "0", "w.rules")
    #expect(over.status == 1)
    #expect(
      over.stderr.contains("1 warnings, more than --max-warnings 0")
        || over.stderr.contains("more than --max-warnings 0"))
    let werror = try box.run("check", "--werror", "w.rules")
    #expect(werror.status == 1)
    #expect(werror.stdout.contains("error: function 'unused' is never called"))
  }

  @Test("--format sarif in a subfolder of a git checkout: locations relative to the repository root")
  func sarifFromASubfolder() throws {
    let box = try Sandbox()
    try box.write(".git/HEAD", "ref: refs/heads/main\n")
    try box.write("app/firestore.rules", warningRules)
    let result = try FlintRunner.run(
      ["check", "--format", "sarif", "firestore.rules"], in: box.url.appendingPathComponent("app"))
    #expect(result.status == 0)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let root = URL(fileURLWithPath: box.url.path).resolvingSymlinksInPath().path
    #expect((run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"] == "file://\(root)/")
    let location =
      (((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?[
        "physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
    #expect(location == ["uri": "app/firestore.rules", "uriBaseId": "%SRCROOT%"])

    // Outside a git checkout the current directory is the root.
    let plain = try Sandbox()
    try plain.write("rules/w.rules", warningRules)
    let flat = try plain.run("check", "--format", "sarif", "rules/w.rules")
    #expect(flat.stdout.contains(#""uri": "rules/w.rules", "uriBaseId": "%SRCROOT%""#))
  }

  @Test("warnings alone exit 0")
  func warningsOnly() throws {
    let box = try Sandbox()
    try box.write("w.rules", warningRules)
    let result = try box.run("check", "w.rules")
    #expect(result.status == 0)
    #expect(result.stdout.contains("warning: function 'unused' is never called [check.unused-function]"))
    #expect(result.stdout.hasSuffix("w.rules: 0 errors, 1 warning\n"))
  }

  @Test("JSON output has the documented shape")
  func json() throws {
    let box = try Sandbox()
    try box.write("bad.rules", brokenRules)
    try box.write("ok.rules", validRules)
    let result = try box.run("check", "--strict", "--format", "json", "bad.rules", "ok.rules")
    #expect(result.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let files = try #require(object?["files"] as? [[String: Any]])
    #expect(files.map { $0["file"] as? String } == ["bad.rules", "ok.rules"])
    let diagnostics = try #require(files[0]["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    let first = diagnostics[0]
    #expect(first["severity"] as? String == "error")
    #expect(first["code"] as? String == "check.undefined-variable")
    #expect(first["message"] as? String == "undefined variable 'userId'")
    #expect(first["line"] as? Int == 5)
    #expect(first["column"] as? Int == 42)
    #expect(first["endLine"] as? Int == 5)
    #expect(first["endColumn"] as? Int == 48)
    #expect((files[1]["diagnostics"] as? [Any])?.isEmpty == true)
    #expect(
      result.stdout.hasPrefix("{\"files\": [{\"file\": \"bad.rules\", \"diagnostics\": [{\"severity\": \"error\""))
  }

  @Test("no FILE: firebase.json object form, paths relative to it")
  func firebaseJSONObject() throws {
    let box = try Sandbox()
    try box.write("firebase.json", #"{"firestore": {"rules": "config/firestore.rules", "indexes": "x.json"}}"#)
    try box.write("config/firestore.rules", brokenRules)
    let result = try box.run("check", "--strict")
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("config/firestore.rules:5:42: error:"))
  }

  @Test("no FILE: firebase.json multi-database array form")
  func firebaseJSONArray() throws {
    let box = try Sandbox()
    let config = """
      {"firestore": [
        {"database": "(default)", "rules": "a.rules"},
        {"database": "reports", "rules": "b.rules"},
        {"database": "copy", "rules": "a.rules"}
      ]}
      """
    try box.write("firebase.json", config)
    try box.write("a.rules", validRules)
    try box.write("b.rules", warningRules)
    let result = try box.run("check")
    #expect(result.status == 0)
    let summaries = result.stdout.split(separator: "\n").filter { $0.contains(": 0 errors") }
    #expect(summaries == ["a.rules: 0 errors, 0 warnings", "b.rules: 0 errors, 1 warning"])
  }

  @Test("a missing file: exit 2 with a one-line message on stderr")
  func missingFile() throws {
    let box = try Sandbox()
    let result = try box.run("check", "x.rules")
    #expect(result.status == 2)
    #expect(result.stderr == "flint: cannot read 'x.rules': No such file or directory\n")
    #expect(result.stdout.isEmpty)
  }

  @Test("a missing file among good ones: the others are still checked, exit 2")
  func missingAmongOthers() throws {
    let box = try Sandbox()
    try box.write("ok.rules", validRules)
    let result = try box.run("check", "ok.rules", "gone.rules")
    #expect(result.status == 2)
    #expect(result.stdout == "ok.rules: 0 errors, 0 warnings\n")
    #expect(result.stderr.contains("gone.rules"))
  }

  @Test("a directory is unreadable: exit 2")
  func directory() throws {
    let box = try Sandbox()
    try box.write("dir/keep", "")
    let result = try box.run("check", "dir")
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("flint: cannot read 'dir':"))
  }

  @Test("no FILE and no firebase.json: exit 2")
  func noConfig() throws {
    let box = try Sandbox()
    let result = try box.run("check")
    #expect(result.status == 2)
    #expect(result.stderr == "flint: no FILE given and no firebase.json in the current directory\n")
  }

  @Test(
    "invalid or incomplete firebase.json: exit 2, message names the file",
    arguments: [
      "{not json", "[1, 2]", #"{"hosting": {}}"#, #"{"firestore": {"indexes": "i.json"}}"#,
      #"{"firestore": {"rules": 3}}"#,
    ])
  func badConfig(config: String) throws {
    let box = try Sandbox()
    try box.write("firebase.json", config)
    let result = try box.run("check")
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("flint: "))
    #expect(result.stderr.contains("firebase.json"))
    #expect(result.stdout.isEmpty)
  }

  @Test("a firebase.json that is not valid JSON: the error has file:line:col")
  func configSyntaxErrorIsLocated() throws {
    let box = try Sandbox()
    try box.write("firebase.json", "{\n  \"firestore\": {\"rules\": \"firestore.rules\",}\n}\n")
    let result = try box.run("check")
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("flint: firebase.json:2:"))
    #expect(result.stderr.contains("not valid JSON"))
  }

  @Test("an empty file is an error, not a crash")
  func emptyFile() throws {
    let box = try Sandbox()
    try box.write("empty.rules", "")
    let result = try box.run("check", "empty.rules")
    #expect(result.status == 1)
    #expect(result.stdout.contains("empty.rules:1:1: error:"))
    #expect(result.stdout.hasSuffix("empty.rules: 1 error, 0 warnings\n"))
  }

  @Test("invalid UTF-8 is decoded lossily and still reported")
  func invalidUTF8() throws {
    let box = try Sandbox()
    var bytes = Array(validRules.utf8)
    bytes.insert(contentsOf: [0x2F, 0x2F, 0x20, 0xFF, 0xFE, 0x0A], at: 0)  // a comment holding bad bytes
    bytes += [0xC3, 0x28]
    try box.write("bad-utf8.rules", bytes: bytes)
    let result = try box.run("check", "bad-utf8.rules")
    #expect(result.status == 1)
    #expect(result.stdout.contains("bad-utf8.rules:"))
    #expect(result.stdout.contains("error:"))
    #expect(result.stderr.isEmpty)
  }

  @Test("usage errors exit 2; help exits 0")
  func usage() throws {
    let box = try Sandbox()
    let bad = try box.run("check", "--format", "xml", "a.rules")
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("xml"))
    let unknown = try box.run("frobnicate")
    #expect(unknown.status == 2)
    let help = try box.run("check", "--help")
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: flint check"))
  }

  @Test("the bundled sample project checks clean: its Firestore and its Storage rules")
  func sampleProject() throws {
    let sample = FlintRunner.packageRoot.appendingPathComponent("Corpus/sample")
    let result = try FlintRunner.run(["check"], in: sample)
    #expect(result.status == 0)
    #expect(result.stdout == "firestore.rules: 0 errors, 0 warnings\nstorage.rules: 0 errors, 0 warnings\n")
    #expect(result.stderr.isEmpty)
    // --strict and --werror too: no warning hides in the sample.
    #expect(try FlintRunner.run(["check", "--strict", "--werror"], in: sample).status == 0)
  }
}
