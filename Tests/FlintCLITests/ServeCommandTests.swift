import Foundation
import Testing

/// `flint serve` refuses what it cannot serve before it listens (the server itself is tested in
/// FlintServerTests and, in a browser, by Tests/Browser/serve_test.py).
@Suite("flint serve")
struct ServeCommandTests {
  @Test("a folder without firebase.json: exit 2, saying so")
  func noProject() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("serve", "--port", "0", ".")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("no firebase.json in ."))
  }

  @Test("a --suites file that does not exist: exit 2 naming it")
  func missingSuite() throws {
    let sandbox = try Sandbox()
    try sandbox.write("firebase.json", #"{"firestore": {"rules": "firestore.rules"}}"#)
    try sandbox.write("firestore.rules", "rules_version = '2';\nservice cloud.firestore {}\n")
    let result = try sandbox.run("serve", "--suites", "nothing.yaml", ".")
    #expect(result.status == 2)
    #expect(result.stderr.contains("nothing.yaml"))
  }

  @Test("a port out of range: exit 2")
  func badPort() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("serve", "--port", "70000")
    #expect(result.status == 2)
    #expect(result.stderr.contains("--port must be from 0 to 65535"))
  }
}
