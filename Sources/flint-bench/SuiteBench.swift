import FlintKit
import Foundation
import RulesLanguage

/// `flint test` throughput: load (JSON parse, rules compile, fixtures), run and report a
/// generated 10,000-case suite, in process, from files on disk.
enum SuiteBench {
  static func run(cases: Int = 10_000) -> BenchResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flint-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let rules = """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          function signedIn() { return request.auth != null; }
          match /posts/{postId} {
            allow get: if resource.data.published == true || (signedIn() && resource.data.author == request.auth.uid);
            allow create: if signedIn() && request.resource.data.author == request.auth.uid
              && request.resource.data.title is string && request.resource.data.title.size() <= 100;
            allow update: if signedIn() && resource.data.author == request.auth.uid
              && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title', 'body']);
            allow delete: if signedIn() && resource.data.author == request.auth.uid;
          }
        }
      }
      """
    var data: [String] = []
    for index in 0..<100 {
      data.append(
        "\"posts/p\(index)\": {\"author\": \"u\(index % 10)\", \"published\": \(index % 2 == 0), \"title\": \"t\(index)\"}"
      )
    }
    var lines: [String] = []
    lines.reserveCapacity(cases)
    for index in 0..<cases {
      let doc = index % 100
      let user = index % 10
      let request: String
      let expect: String
      switch index % 4 {
      case 0:
        request = "{\"method\": \"get\", \"path\": \"posts/p\(doc)\", \"auth\": {\"uid\": \"u\(user)\"}}"
        expect = (doc % 2 == 0 || doc % 10 == user) ? "allow" : "deny"
      case 1:
        request =
          "{\"method\": \"create\", \"path\": \"posts/n\(index)\", \"auth\": {\"uid\": \"u\(user)\"}, \"data\": {\"author\": \"u\(user)\", \"title\": \"hello\"}}"
        expect = "allow"
      case 2:
        request =
          "{\"method\": \"update\", \"path\": \"posts/p\(doc)\", \"auth\": {\"uid\": \"u\(user)\"}, \"data\": {\"author\": \"u\(doc % 10)\", \"published\": \(doc % 2 == 0), \"title\": \"new\"}}"
        expect = doc % 10 == user ? "allow" : "deny"
      default:
        request = "{\"method\": \"delete\", \"path\": \"posts/p\(doc)\", \"auth\": null}"
        expect = "deny"
      }
      lines.append("{\"name\": \"case \(index)\", \"request\": \(request), \"expect\": \"\(expect)\"}")
    }
    let suite = """
      {"rules": "bench.rules", "time": "2024-01-01T00:00:00Z", "data": {\(data.joined(separator: ", "))},
       "cases": [\(lines.joined(separator: ",\n"))]}
      """
    let suitePath = folder.appendingPathComponent("bench.json").path
    try? rules.write(toFile: folder.appendingPathComponent("bench.rules").path, atomically: true, encoding: .utf8)
    try? suite.write(toFile: suitePath, atomically: true, encoding: .utf8)

    var passed = 0
    var failed = 0
    var failure = ""
    let seconds = bestSeconds {
      do {
        var loader = SuiteLoader()
        let loaded = try loader.load(file: suitePath)
        let result = SuiteRunner(explainsPassingCases: false).run(loaded)  // as `flint test` text output
        _ = SuiteReport.text([result])
        passed = result.passed
        failed = result.failed
      } catch {
        failure = "\(error)"
      }
    }
    return BenchResult(
      name: "flint-test-suite",
      fields: [
        ("cases", .int(cases)), ("passed", .int(passed)), ("failed", .int(failed)),
        ("seconds", format(seconds, digits: 3)), ("cases_per_second", format(Double(cases) / seconds, digits: 0)),
      ] + (failure.isEmpty ? [] : [("error", .string(failure))]))
  }
}
