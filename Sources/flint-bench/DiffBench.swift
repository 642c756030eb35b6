import FlintKit
import Foundation
import RulesEngine
import RulesLanguage

/// `flint diff` of two generated rulesets of about 300 lines each (the goal: under 2 s): 30
/// collections with owner, role, field and time conditions; NEW loosens every third collection's
/// update and tightens every fifth one's read, so witnesses are searched and confirmed too.
///
/// `diff-300-lines` is a pull request's change (16 of 150 questions differ). In
/// `diff-300-lines-all-asked` NEW also renames the function every condition calls, so no
/// question is written alike and the solver is asked all of them.
enum DiffBench {
  static func runAll() -> [BenchResult] {
    [run(), run(renamingSharedFunction: true)]
  }

  static func run(collections: Int = 30, renamingSharedFunction: Bool = false) -> BenchResult {
    let name = renamingSharedFunction ? "diff-300-lines-all-asked" : "diff-300-lines"
    let old = generate(collections: collections, changed: false)
    var new = generate(collections: collections, changed: true)
    if renamingSharedFunction { new = new.replacingOccurrences(of: "signedIn()", with: "isSignedIn()") }
    guard let oldRules = Ruleset.compile(SourceFile(name: "old.rules", text: old)).ruleset,
      let newRules = Ruleset.compile(SourceFile(name: "new.rules", text: new)).ruleset
    else { return BenchResult(name: name, fields: [("error", .string("generated rules do not compile"))]) }
    var changes = 0
    var complete = false
    var failure: String?
    let seconds = bestSeconds {
      do {
        let report = try DiffJob.compare(old: oldRules, new: newRules)
        changes = report.changes.count
        complete = report.complete
      } catch let problem as DiffProblem {
        failure = problem.message
      } catch {
        failure = "\(error)"
      }
    }
    if let failure { return BenchResult(name: name, fields: [("error", .string(failure))]) }
    return BenchResult(
      name: name,
      fields: [
        ("old_lines", .int(Int64(old.split(separator: "\n").count))),
        ("new_lines", .int(Int64(new.split(separator: "\n").count))), ("changes", .int(Int64(changes))),
        ("complete", .bool(complete)), ("seconds", format(seconds, digits: 3)),
      ])
  }

  static func generate(collections: Int, changed: Bool) -> String {
    var text = """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          function signedIn() {
            return request.auth != null;
          }
          function isOwner(uid) {
            return signedIn() && request.auth.uid == uid;
          }
          function role() {
            return get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role;
          }

      """
    for index in 0..<collections {
      let loosened = changed && index % 3 == 0
      let tightened = changed && index % 5 == 0
      text += """
            match /c\(index)/{docId} {
              allow get: if signedIn()\(tightened ? " && isOwner(resource.data.owner)" : "");
              allow list: if signedIn() && request.query.limit <= \(10 + index);
              allow create: if isOwner(request.resource.data.owner)
                && request.resource.data.keys().hasOnly(['owner', 'title', 'n\(index)', 'at'])
                && request.resource.data.title is string
                && request.resource.data.title.size() < \(50 + index)
                && request.time < timestamp.date(2030, 1, 1);
              allow update: if \(loosened ? "signedIn()" : "isOwner(resource.data.owner)")
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title', 'n\(index)']);
              allow delete: if isOwner(resource.data.owner) || role() == 'admin';
            }

        """
    }
    return text + "  }\n}\n"
  }
}
