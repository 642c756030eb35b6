import Foundation
import Testing

@Suite("flint expr")
struct ExprCommandTests {
  @Test("one expression: text and typed JSON")
  func single() throws {
    let box = try Sandbox()
    let text = try box.run("expr", "1 + 2")
    #expect(text.status == 0)
    #expect(text.stdout == "3\n")
    let json = try box.run("expr", "--format", "json", "[1, 2.5, 'a']")
    #expect(json.stdout == #"{"list": [{"int": 1}, {"float": 2.5}, {"string": "a"}]}"# + "\n")
    let error = try box.run("expr", "--format", "json", "1 / 0")
    #expect(error.status == 0)
    #expect(error.stdout == #"{"error": "Divide by zero error."}"# + "\n")
    let errorText = try box.run("expr", "{'a': 1}.b")
    #expect(errorText.stdout == "error: Property b is undefined on object.\n")
  }

  @Test("bindings: plain and tagged JSON")
  func bindings() throws {
    let box = try Sandbox()
    let result = try box.run(
      "expr", "--format", "json", "--bindings",
      #"{"request": {"auth": {"uid": "alice"}, "time": {"__timestamp__": "2024-01-01T00:00:00Z"}}}"#,
      "request.auth.uid == 'alice' && request.time.year() == 2024")
    #expect(result.status == 0)
    #expect(result.stdout == #"{"bool": true}"# + "\n")
    let bad = try box.run("expr", "--bindings", #"{"x": {"__when__": 1}}"#, "x")
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("flint: invalid --bindings: --bindings"))
    #expect(bad.stderr.contains("$.x.__when__: unknown tag __when__"))
  }

  @Test("a syntax error: exit 1 and a diagnostic with its column")
  func syntaxError() throws {
    let box = try Sandbox()
    let result = try box.run("expr", "1 +")
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("<expr>:1:4: error: expected expression"))
  }

  @Test("--rules: the file's functions are callable; broken rules exit 2")
  func rules() throws {
    let box = try Sandbox()
    try box.write(
      "f.rules",
      """
      rules_version = '2';
      function twice(x) { return x * 2; }
      service cloud.firestore { match /databases/{d}/documents { match /a/{b} { allow read: if twice(1) == 2; } } }

      """)
    let result = try box.run("expr", "--rules", "f.rules", "twice(21)")
    #expect(result.status == 0)
    #expect(result.stdout == "42\n")
    // (An undefined function deploys, as Google's compiler only warns; a syntax error does not.)
    try box.write("bad.rules", "service cloud.firestore { match /a/{b} { allow read: if nope(; } }")
    let bad = try box.run("expr", "--rules", "bad.rules", "1")
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("bad.rules:1:"))
  }

  @Test("--batch: one line per input in order; malformed lines answered with their line number")
  func batch() throws {
    let box = try Sandbox()
    try box.write(
      "in.jsonl",
      """
      {"id": "1", "expr": "a * 2", "bindings": {"a": 21}}
      {"id": "2", "expr": "request.auth.uid == resource.data.owner", "bindings": {"request": {"auth": {"uid": "x"}}, "resource": {"data": {"owner": "x"}}}}
      {"id": "3", "expr": "1 / 0"}

      """)
    let result = try box.run("expr", "--batch", "in.jsonl")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {"id": "1", "int": 42}
        {"id": "2", "bool": true}
        {"id": "3", "error": "Divide by zero error."}

        """)
    try box.write("bad.jsonl", "{\"id\": \"1\", \"expr\": \"true\"}\n{oops\n{\"id\": \"3\", \"expr\": \"1 +\"}\n")
    let bad = try box.run("expr", "--batch", "bad.jsonl")
    #expect(bad.status == 1)
    let lines = bad.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0] == #"{"id": "1", "bool": true}"#)
    #expect(lines[1].hasPrefix(#"{"id": null, "error": "line 2: invalid JSON at column 2: "#))
    #expect(lines[2] == #"{"id": "3", "error": "syntax error at column 4: expected expression"}"#)
  }

  @Test("usage problems exit 2")
  func usage() throws {
    let box = try Sandbox()
    #expect(try box.run("expr").status == 2)
    let missing = try box.run("expr", "--batch", "nope.jsonl")
    #expect(missing.status == 2)
    #expect(missing.stderr == "flint: cannot read 'nope.jsonl': No such file or directory\n")
    try box.write("in.jsonl", "")
    #expect(try box.run("expr", "--batch", "in.jsonl", "1").status == 2)
  }
}
