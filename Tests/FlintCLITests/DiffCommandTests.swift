import FlintTestSupport
import Foundation
import Testing

/// `flint diff` end to end: exit statuses, `git:REF:path`, input problems, and the message when
/// the Z3 library cannot be loaded.
@Suite struct DiffCommandTests {
  static let root = PackagePaths.url("")

  @Test func tighteningExitsZeroAndLooseningOne() throws {
    let tight = try FlintRunner.run(
      ["diff", "Corpus/diff/tightening.old.rules", "Corpus/diff/tightening.new.rules"], in: Self.root)
    #expect(tight.status == 0, "\(tight.stderr)")
    #expect(tight.stdout.contains("stronger get /users/{uid}"))
    let loose = try FlintRunner.run(
      ["diff", "Corpus/diff/loosening.old.rules", "Corpus/diff/loosening.new.rules"], in: Self.root)
    #expect(loose.status == 1, "\(loose.stderr)")
    #expect(loose.stdout.contains("weaker update /posts/{postId}"))
    #expect(loose.stdout.contains("new access"))
  }

  @Test func jsonHasTheIssuesShape() throws {
    let result = try FlintRunner.run(
      ["diff", "--format", "json", "Corpus/diff/loosening.old.rules", "Corpus/diff/loosening.new.rules"], in: Self.root)
    let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["changes", "unchanged", "complete", "unsupported"])
    let change = try #require((object["changes"] as? [[String: Any]])?.first)
    #expect(Set(change.keys) == ["match", "method", "direction", "witnesses"])
    let witness = try #require((change["witnesses"] as? [[String: Any]])?.first)
    #expect(Set(witness.keys) == ["allowedBy", "request", "data"])
  }

  @Test func bounds() throws {
    for bound in ["owner-only-private", "no-signed-out-writes", "admins-by-claim"] {
      let good = try FlintRunner.run(
        ["diff", "Corpus/diff/bounds/\(bound).rules", "Corpus/diff/bounds/app.rules"], in: Self.root)
      #expect(good.status == 0, "\(bound): \(good.stdout)\(good.stderr)")
      let leaky = try FlintRunner.run(
        ["diff", "Corpus/diff/bounds/\(bound).rules", "Corpus/diff/bounds/app-leaky.rules"], in: Self.root)
      #expect(leaky.status == 1, "\(bound): \(leaky.stdout)\(leaky.stderr)")
    }
  }

  @Test func gitRevisions() throws {
    let sandbox = try Sandbox()
    let old = PackagePaths.text("Corpus/diff/loosening.old.rules")
    let new = PackagePaths.text("Corpus/diff/loosening.new.rules")
    try sandbox.write("firestore.rules", old)
    for command in [
      ["init", "-q"], ["add", "firestore.rules"],
      ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "rules"],
    ] {
      let git = Process()
      git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      git.arguments = ["git"] + command
      git.currentDirectoryURL = sandbox.url
      try git.run()
      git.waitUntilExit()
      #expect(git.terminationStatus == 0)
    }
    try sandbox.write("firestore.rules", new)
    let result = try sandbox.run("diff", "git:HEAD:firestore.rules", "firestore.rules")
    #expect(result.status == 1, "\(result.stderr)")
    let missing = try sandbox.run("diff", "git:HEAD:nothing.rules", "firestore.rules")
    #expect(missing.status == 2)
    #expect(missing.stderr.hasPrefix("flint: cannot read 'git:HEAD:nothing.rules'"))
    let malformed = try sandbox.run("diff", "git:HEAD", "firestore.rules")
    #expect(malformed.status == 2)
    #expect(malformed.stderr.contains("is not git:REF:path"))
    // A revision git would read as an option is refused before git runs (it writes no file).
    let option = try sandbox.run("diff", "git:--output=leak:firestore.rules", "firestore.rules")
    #expect(option.status == 2)
    #expect(option.stderr.contains("starts with '-'"), "\(option.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.url.appendingPathComponent("leak:firestore.rules").path))
  }

  @Test func inputProblemsExitTwo() throws {
    let sandbox = try Sandbox()
    try sandbox.write("broken.rules", "service cloud.firestore { match /x { allow read: if ; } }")
    try sandbox.write("ok.rules", PackagePaths.text("Corpus/diff/tightening.old.rules"))
    let broken = try sandbox.run("diff", "ok.rules", "broken.rules")
    #expect(broken.status == 2)
    #expect(broken.stderr.contains("broken.rules:1:"))
    let missing = try sandbox.run("diff", "ok.rules", "absent.rules")
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("absent.rules"))
  }

  @Test func missingZ3IsExplained() throws {
    let result = try FlintRunner.run(
      ["diff", "Corpus/diff/tightening.old.rules", "Corpus/diff/tightening.new.rules"], in: Self.root,
      environment: ["FLINT_LIBZ3": "/nonexistent/libz3.so"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("apt-get install libz3-4"))
    // Every other command works without it.
    let check = try FlintRunner.run(
      ["check", "Corpus/diff/tightening.new.rules"], in: Self.root,
      environment: ["FLINT_LIBZ3": "/nonexistent/libz3.so"])
    #expect(check.status == 0)
  }
}
