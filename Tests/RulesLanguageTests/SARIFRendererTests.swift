import Foundation
import Testing

@testable import RulesLanguage

/// The SARIF output against the required fields of the SARIF 2.1.0 schema (sarifLog: version,
/// runs; run: tool; tool: driver; toolComponent: name; reportingDescriptor: id; result:
/// message with text; location regions 1-based), plus what GitHub code scanning reads.
@Suite struct SARIFRendererTests {
  /// The caller's links: RulesLanguage knows no documentation page, so each test names its own.
  private let documentation = SARIFDocumentation(
    informationURI: "https://example.com/flint", helpURI: { "https://example.com/docs/\($0.rawValue)" })

  private func render(_ text: String, name: String = "rules/app.rules") throws -> [String: Any] {
    let source = SourceFile(name: name, text: text)
    let diagnostics = RulesLinter.check(source).diagnostics
    let output = SARIFRenderer.render([(source, diagnostics)], documentation: documentation)
    return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
  }

  private let rules = lintWrapped(
    """
    function unused() { return true; }
    match /{document=**} { allow read: if request.auth != null; }
    match /users/{userId} { allow read, write: if request.auth.uid == userId && nope; }
    """)

  @Test func requiredFields() throws {
    let log = try render(rules)
    #expect(log["version"] as? String == "2.1.0")
    #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let tool = try #require(runs[0]["tool"] as? [String: Any])
    let driver = try #require(tool["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "flint")
    let descriptors = try #require(driver["rules"] as? [[String: Any]])
    let ids = descriptors.compactMap { $0["id"] as? String }
    #expect(ids.count == descriptors.count)
    #expect(Set(ids).count == ids.count)
    for descriptor in descriptors {
      #expect(descriptor["helpUri"] as? String == "https://example.com/docs/\(descriptor["id"] as? String ?? "")")
      #expect(((descriptor["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
    }
    let results = try #require(runs[0]["results"] as? [[String: Any]])
    #expect(results.count == 3)
    for result in results {
      let ruleId = try #require(result["ruleId"] as? String)
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(ids[index] == ruleId)
      #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
      #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
      let locations = try #require(result["locations"] as? [[String: Any]])
      let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
      #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "rules/app.rules")
      let region = try #require(physical["region"] as? [String: Any])
      let startLine = try #require(region["startLine"] as? Int)
      let startColumn = try #require(region["startColumn"] as? Int)
      let endLine = try #require(region["endLine"] as? Int)
      let endColumn = try #require(region["endColumn"] as? Int)
      #expect(startLine >= 1 && startColumn >= 1)
      #expect(endLine > startLine || (endLine == startLine && endColumn > startColumn))
    }
    let codes = Set(results.compactMap { $0["ruleId"] as? String })
    #expect(codes == ["check.unused-function", "check.undefined-variable", "security.overlapping-allow"])
  }

  @Test func lintHelpAndLevels() throws {
    let log = try render(rules)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let descriptors = try #require(driver["rules"] as? [[String: Any]])
    let overlap = try #require(descriptors.first { $0["id"] as? String == "security.overlapping-allow" })
    #expect(overlap["helpUri"] as? String == "https://example.com/docs/security.overlapping-allow")
    #expect(driver["informationUri"] as? String == "https://example.com/flint")
    for uri in descriptors.compactMap({ $0["helpUri"] as? String }) + [driver["informationUri"] as? String ?? ""] {
      #expect(URL(string: uri)?.scheme == "https", "not absolute: \(uri)")
    }
    #expect(((overlap["help"] as? [String: Any])?["text"] as? String)?.hasPrefix("Fix: ") == true)
  }

  @Test func artifactsRelativeToTheSourceRoot() throws {
    let inside = SourceFile(name: "firestore.rules", text: rules)
    let outside = SourceFile(name: "/elsewhere/x.rules", text: rules)
    let diagnostics = RulesLinter.check(inside).diagnostics
    let root = SARIFSourceRoot(directory: "/work/my repo", relativePaths: ["app/firestore.rules", nil])
    let output = SARIFRenderer.render(
      [(inside, diagnostics), (outside, diagnostics)], documentation: documentation, sourceRoot: root)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let bases = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
    #expect(bases == ["%SRCROOT%": ["uri": "file:///work/my%20repo/"]])
    let results = try #require(run["results"] as? [[String: Any]])
    func artifact(_ result: [String: Any]) -> [String: String]? {
      let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
      return location?["artifactLocation"] as? [String: String]
    }
    #expect(artifact(results[0]) == ["uri": "app/firestore.rules", "uriBaseId": "%SRCROOT%"])
    #expect(artifact(results.last!) == ["uri": "file:///elsewhere/x.rules"])
    let related = try #require(results.first { $0["relatedLocations"] != nil }?["relatedLocations"] as? [[String: Any]])
    let relatedArtifact =
      (related.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
    #expect(relatedArtifact == ["uri": "app/firestore.rules", "uriBaseId": "%SRCROOT%"])
  }

  @Test func emptyRunAndURIs() throws {
    let log = try render(
      lintWrapped("match /a/{id} { allow read: if request.auth != null; }"), name: "/tmp/my rules.rules")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect((run["results"] as? [Any])?.isEmpty == true)
    #expect(SARIFRenderer.uri("/tmp/my rules#1.rules") == "file:///tmp/my%20rules%231.rules")
    #expect(SARIFRenderer.uri("a\\b.rules") == "a/b.rules")
  }
}
