import Testing

@testable import RulesLanguage

/// Compiles `body` placed inside `match /databases/{database}/documents { ... }` of a v2 file
/// (or a whole file when `wrap` is false) and returns `line:column code` for each diagnostic.
private func findings(_ text: String, wrap: Bool = true, warnings: Bool = true) -> [String] {
  let source = SourceFile(name: "t.rules", text: wrap ? wrapped(text) : text)
  return RulesCompiler.compile(source).diagnostics
    .filter { warnings || $0.severity == .error }
    .map { "\(source.location(of: $0.range.start)) \($0.code)" }
}

/// Asserts that compiling `marked` (wrapped as by `findings`, markers removed) reports exactly
/// `expected`: each diagnostic's code and the marker where it starts (see `assertParse`).
private func assertChecks(
  _ marked: String, wrap: Bool = true, warnings: Bool = true, _ expected: [(DiagnosticCode, String)],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let source = MarkedSource(wrap ? wrapped(marked) : marked)
  let diagnostics = RulesCompiler.compile(SourceFile(name: "t.rules", text: source.text)).diagnostics
  assertMarked(source, diagnostics.filter { warnings || $0.severity == .error }, expected, sourceLocation)
}

private func wrapped(_ body: String) -> String {
  "rules_version = '2';\nservice cloud.firestore {\nmatch /databases/{database}/documents {\n\(body)\n}\n}\n"
}

private func compile(_ text: String) -> CompiledRules {
  RulesCompiler.compile(SourceFile(name: "t.rules", text: wrapped(text)))
}

@Suite("Checks")
struct ChecksTests {
  @Test("a clean file has no diagnostics")
  func clean() {
    let body = """
      function isOwner(uid) { let me = request.auth.uid; return me == uid; }
      match /users/{userId} { allow read, write: if isOwner(userId) && database == '(default)'; }
      """
    #expect(findings(body) == [])
  }

  @Test("names the parser could not read are not reported again as duplicates")
  func unreadableNamesDoNotCascade() {
    let codes = findings("function f(à, è) { let é = 1; let ü = 2; return 1; }", warnings: false)
    #expect(!codes.contains { $0.hasSuffix("check.duplicate-variable") || $0.hasSuffix("check.duplicate-parameter") })
    #expect(codes.contains { $0.hasPrefix("4:") })
  }

  @Test("undefined variables, with a suggestion")
  func undefinedVariable() {
    let result = compile("match /users/{userId} { allow read: if userid == 'a' && reqest.auth != null; }")
    #expect(result.diagnostics.map(\.code) == ["check.undefined-variable", "check.undefined-variable"])
    #expect(result.diagnostics[0].message == "undefined variable 'userid'")
    #expect(result.diagnostics[0].notes.map(\.message).dropLast() == ["did you mean 'userId'?"])
    #expect(result.diagnostics[1].notes.map(\.message).dropLast() == ["did you mean 'request'?"])
  }

  @Test("'database' exists only inside a match that binds it")
  func databaseScope() {
    let outside = """
      rules_version = '2';
      service cloud.firestore {
        function f() { return 1️⃣database == 'x'; }
        match /databases/{database}/documents { match /a/{b} { allow read: if f(); } }
      }
      """
    assertChecks(outside, wrap: false, [(.checkUndefinedVariable, "1️⃣")])
    #expect(findings("function f() { return database == 'x'; }\nmatch /a/{b} { allow read: if f(); }") == [])
  }

  @Test("wildcards of enclosing matches are visible; sibling ones are not")
  func wildcardScope() {
    let body = """
      match /a/{x} {
        match /b/{y} { allow read: if x == y; }
        allow read: if 1️⃣y == 'q';
      }
      """
    assertChecks(body, [(.checkUndefinedVariable, "1️⃣")])
  }

  @Test("let names are visible only after their binding")
  func letOrder() {
    let body = """
      function f(p) { let a = 1️⃣b; let b = p; return a && b; }
      match /a/{id} { allow read: if f(1); }
      """
    assertChecks(body, [(.checkUndefinedVariable, "1️⃣")])
  }

  @Test("functions see the scope they are declared in; inner functions shadow outer ones")
  func functionScope() {
    let body = """
      function who() { return 1; }
      match /a/{id} {
        function who() { return id; }
        allow read: if who() == 'x';
      }
      match /b/{other} { allow read: if who() == 1; }
      """
    #expect(findings(body) == [])
    let topLevel = """
      rules_version = '2';
      function g() { return 1️⃣id; }
      service cloud.firestore { match /databases/{database}/documents { match /a/{id} { allow read: if g(); } } }
      """
    assertChecks(topLevel, wrap: false, [(.checkUndefinedVariable, "1️⃣")])
  }

  @Test("undefined functions are reported once per call site, never also as arity")
  func undefinedFunction() {
    let result = compile(
      "function isSignedIn() { return true; }\nmatch /a/{id} { allow read: if isSignedin(1, 2) || size(id) > 0; }")
    #expect(result.diagnostics.map(\.code) == ["check.undefined-function", "check.undefined-function"])
    #expect(result.diagnostics[0].notes.map(\.message).dropLast() == ["did you mean 'isSignedIn'?"])
  }

  @Test("arity of user, global and namespace functions")
  func arity() {
    let body = """
      function f(a, b) { return a == b; }
      match /a/{id} { allow read: if f(1) && exists(/x/y, 2) && math.pow(2) > 1 && hashing.md5('a') != null; }
      """
    let result = compile(body)
    #expect(result.diagnostics.map(\.code) == ["check.wrong-arity", "check.wrong-arity", "check.wrong-arity"])
    #expect(result.diagnostics[0].message == "function 'f' takes 2 arguments but 1 was given")
    #expect(result.diagnostics[0].notes.first?.message == "'f' declared here")
    #expect(result.diagnostics[1].message == "'exists' takes 1 argument but 2 were given")
    #expect(result.diagnostics[2].message == "'math.pow' takes 2 arguments but 1 was given")
  }

  @Test("duplicate functions in one scope are errors; in different scopes they shadow")
  func duplicateFunctions() {
    let body = """
      function f() { return true; }
      function 1️⃣f() { return false; }
      match /a/{id} { function f() { return true; } allow read: if f(); }
      match /b/{id} { allow read: if f(); }
      """
    assertChecks(body, [(.checkDuplicateFunction, "1️⃣")])
  }

  @Test("unknown 'is' types; 'is null' is accepted")
  func typeNames() {
    let result = compile("match /a/{id} { allow read: if id is strng || id is null || id is map_diff; }")
    #expect(result.diagnostics.map(\.code) == ["check.unknown-type"])
    #expect(result.diagnostics[0].notes.map(\.message) == ["did you mean 'string'?"])
  }

  @Test("unknown namespace members get a did-you-mean note")
  func namespaceMembers() {
    let result = compile("match /a/{id} { allow read: if math.sqr(4) == 2 && math.abs(-1) == 1 && duration.abs == 1; }")
    #expect(result.diagnostics.map(\.code) == ["check.unknown-namespace-member", "check.unknown-namespace-member"])
    #expect(result.diagnostics[0].message == "'math' has no function 'sqr'")
    #expect(result.diagnostics[0].notes.map(\.message).dropLast() == ["did you mean 'math.sqrt'?"])
    #expect(result.diagnostics[1].message == "'duration.abs' is a function and must be called")
  }

  @Test("a wildcard named like a namespace hides the namespace")
  func shadowedNamespace() {
    #expect(findings("match /a/{math} { allow read: if math.size() == 1; }") == [])
  }

  @Test("unsupported built-ins: bool() and math.isInfinite() deploy, so they are warnings; debug() too")
  func unsupported() {
    let result = compile("match /a/{id} { allow read: if bool(id) && math.isInfinite(1.0) && debug(true); }")
    #expect(
      result.diagnostics.map(\.code) == [
        "check.unsupported-function", "check.unsupported-function", "check.emulator-only-function",
      ])
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(result.diagnostics.allSatisfy { $0.notes.contains { $0.message.contains("every request") } })
    #expect(!result.hasErrors)
  }

  @Test("what Google deploys but fails at run time is a warning; --strict makes it an error")
  func runtimeFailuresAndStrict() {
    let text = wrapped(
      "function f(a) { return a; }\nmatch /a/{id} { allow read: if f() && g() && nope && math.sqr(1) && bool(id); }")
    let source = SourceFile(name: "t.rules", text: text)
    let lenient = RulesCompiler.compile(source)
    let codes: [DiagnosticCode] = [
      "check.wrong-arity", "check.undefined-function", "check.undefined-variable", "check.unknown-namespace-member",
      "check.unsupported-function",
    ]
    #expect(lenient.diagnostics.map(\.code) == codes)
    #expect(!lenient.hasErrors)
    let strict = RulesCompiler.compile(source, strict: true)
    #expect(strict.diagnostics.map(\.code) == codes)
    #expect(strict.diagnostics.allSatisfy { $0.severity == .error })
    // Other warnings stay warnings under --strict.
    let unused = RulesCompiler.compile(
      SourceFile(name: "u.rules", text: wrapped("function u() { return true; }")), strict: true)
    #expect(unused.diagnostics.map(\.severity) == [.warning])
  }

  @Test("recursion names the cycle")
  func recursion() {
    let body = """
      function a(n) { return b(n); }
      function b(n) { return c(n); }
      function c(n) { return n == 0 || a(n - 1); }
      function self(n) { return self(n); }
      match /x/{id} { allow read: if a(1) && self(2); }
      """
    let result = compile(body)
    #expect(result.diagnostics.map(\.code) == ["check.recursion", "check.recursion"])
    #expect(result.diagnostics[0].message.contains("'a' -> 'b' -> 'c' -> 'a'"))
    #expect(result.diagnostics[0].notes.count == 3)
    #expect(result.diagnostics[1].message == "function 'self' calls itself; recursion is not allowed")
  }

  @Test("parameter and let limits")
  func limits() {
    // The 11th let is one too many.
    let lets = (1...11).map { ($0 == 11 ? "2️⃣" : "") + "let v\($0) = \($0);" }.joined(separator: " ")
    let uses = (1...11).map { "v\($0)" }.joined(separator: " + ")
    let body = """
      function f(a, b, c, d, e, g, h, 1️⃣i) { return a; }
      function g() { \(lets) return \(uses); }
      match /x/{id} { allow read: if f(1, 2, 3, 4, 5, 6, 7, 8) && g() > 0; }
      """
    assertChecks(body, warnings: false, [(.checkTooManyParameters, "1️⃣"), (.checkTooManyLets, "2️⃣")])
  }

  @Test("'let' under rules v1 is reported once, at the first binding")
  func letInV1() {
    let text = """
      service cloud.firestore { match /databases/{database}/documents {
        function f() { 1️⃣let a = 1; let b = a; return b; }
        function g() { let c = 1; return c; }
        match /x/{id} { allow read: if f() == g(); }
      } }
      """
    assertChecks(text, wrap: false, [(.checkLetRequiresV2, "1️⃣")])
  }

  @Test("recursive wildcards: last only under v1, at most one per match under v2")
  func globs() {
    let v1 =
      "service cloud.firestore { match /databases/{database}/documents { match /1️⃣{p=**}/x/{id} { allow read; } } }"
    assertChecks(v1, wrap: false, [(.checkGlobNotLast, "1️⃣")])
    #expect(findings("match /{p=**}/x/{id} { allow read; }") == [])
    assertChecks("match /{p=**}/x/1️⃣{q=**} { allow read; }", [(.checkMultipleGlobs, "1️⃣")])
  }

  @Test("nesting depth, path segments and capture limits are reported once")
  func nestingLimits() {
    var body = ""
    // databases/{database}/documents is depth 1, so the 10th nested match is depth 11.
    for level in 1...11 { body += "match \(level == 10 ? "1️⃣" : "")/l\(level)/{w\(level)} {\n" }
    body += "allow read;\n" + String(repeating: "}\n", count: 11)
    assertChecks(body, [(.checkMatchTooDeep, "1️⃣")])
    let captures = (1...20).map { "{c\($0)}" }.joined(separator: "/")
    assertChecks("match 1️⃣/\(captures) { allow read; }", [(.checkTooManyCaptures, "1️⃣")])
    // 3 segments in /databases/{database}/documents + 96 + 2: the inner match crosses 100.
    let segments = (1...96).map { "s\($0)" }.joined(separator: "/")
    let line = "match /\(segments) { match /a/b { allow read; } }"
    let column = line.utf8.count - "/a/b { allow read; } }".utf8.count + 1
    #expect(findings(line) == ["4:\(column) check.too-many-segments"])
  }

  @Test("a wildcard name bound again in a nested match shadows it (warning); twice in one path is an error")
  func duplicateWildcard() {
    let nested = compile("match /a/{id} { match /b/{id} { allow read; } }")
    #expect(nested.diagnostics.map(\.code) == ["check.duplicate-wildcard"])
    #expect(nested.diagnostics.first?.severity == .warning)
    #expect(nested.diagnostics.first?.message.contains("shadows") == true)
    #expect(findings("match /a/{id} { match /b/{id} { allow read; } }", warnings: false) == [])
    // Three levels: each re-use names the nearest enclosing binding.
    let three = compile("match /a/{id} { match /b/{id} { match /c/{id} { allow read; } } }")
    #expect(three.diagnostics.map { $0.notes.first?.range?.start } == [96, 112])
    assertChecks("match /a/{id}/b/1️⃣{id} { allow read; }", [(.checkDuplicateWildcard, "1️⃣")])
    #expect(compile("match /a/{id}/b/{id} { allow read; }").diagnostics.first?.severity == .error)
  }

  @Test("duplicate parameter and let names")
  func duplicateNames() {
    assertChecks(
      "function f(x, 1️⃣x) { let 2️⃣x = 1; return x; }\nmatch /a/{id} { allow read: if f(1, 2); }",
      [(.checkDuplicateParameter, "1️⃣"), (.checkDuplicateVariable, "2️⃣")])
  }

  @Test("file checks: size, version value, service name")
  func fileChecks() {
    let big = wrapped("match /a/{id} { allow read; }") + "// " + String(repeating: "x", count: 262_144) + "\n"
    let bigResult = RulesCompiler.compile(SourceFile(name: "big.rules", text: big))
    #expect(bigResult.diagnostics.map(\.code) == ["check.source-too-large"])
    let v3 = "1️⃣rules_version = '3';\nservice cloud.firestore { match /a/{b=**}/c { allow read; } }"
    assertChecks(v3, wrap: false, [(.checkInvalidRulesVersion, "1️⃣")])
    // Storage is checked now; a service Flint does not know is still reported.
    let unknown = "rules_version = '2';\nservice 1️⃣cloud.storage { match /b/{bucket}/o { allow read; } }"
    assertChecks(unknown, wrap: false, [(.checkUnsupportedService, "1️⃣")])
  }

  @Test("warnings: unused function, unused let, empty match, child of a glob match")
  func warnings() {
    let marked = """
      function 1️⃣unused() { return true; }
      function used(d) { let 2️⃣x = d.size(); return true; }
      match 3️⃣/empty/{id} {}
      match /files/{rest=**} { allow read: if used(1); match 4️⃣/v/{v} { allow read; } }
      """
    let result = compile(MarkedSource(marked).text)
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    assertChecks(
      marked,
      [
        (.checkUnusedFunction, "1️⃣"), (.checkUnusedVariable, "2️⃣"), (.checkEmptyMatch, "3️⃣"),
        (.checkGlobChild, "4️⃣"),
      ])
  }

  @Test("after a syntax error, only errors are reported (no cascading warnings)")
  func syntaxErrorsSuppressWarnings() {
    let result = compile("function f() { return true; }\nmatch /a/{id} { allow read: if f() == ; }")
    #expect(!result.diagnostics.isEmpty)
    #expect(result.diagnostics.allSatisfy { $0.severity == .error && $0.code.area == "parse" })
  }

  @Test("diagnostics come sorted by position")
  func sorted() {
    let result = compile("match /a/{id} { allow read: if zz == 1 && math.sqr(1) == 1 && aa == 2; }")
    let starts = result.diagnostics.map(\.range.start)
    #expect(starts == starts.sorted())
    #expect(result.diagnostics.count == 3)
  }

  @Test("suggestions by edit distance")
  func suggestionDistance() {
    #expect(Suggestions.editDistance("kitten", "sitting") == 3)
    #expect(Suggestions.closest(to: "sqr", in: ["sqrt", "abs"]) == "sqrt")
    #expect(Suggestions.closest(to: "isnan", in: ["isNaN"]) == "isNaN")
    #expect(Suggestions.closest(to: "xyz", in: ["sqrt", "abs"]) == nil)
  }
}

@Suite("Checks: methods")
struct MethodNameChecksTests {
  @Test("a method no type has is a warning with a suggestion")
  func unknownMethod() {
    let result = compile(
      "match /a/{id} { allow read: if id.lowr() == 'a' && id.startsWith('a') && id.size() > 0 && resource.data.keys().hasAll([]); }"
    )
    #expect(result.diagnostics.map(\.code) == ["check.unknown-method", "check.unknown-method"])
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(result.diagnostics[0].notes.map(\.message) == ["did you mean 'lower'?"])
    #expect(
      result.diagnostics[1].message
        == "no type has a method 'startsWith'; the call always fails with 'Function not found'")
    #expect(result.diagnostics[1].notes.isEmpty)
  }

  @Test("the loop variable of an unknown macro-like method is not also undefined (one root cause)")
  func unknownMacroVariable() {
    let macro = compile("match /a/{id} { allow read: if resource.data.tags.all(t, t is string && t.size() < 9); }")
    #expect(macro.diagnostics.map(\.code) == ["check.unknown-method"])
    // The variable is bound only inside that call's later arguments.
    let outside = compile("match /a/{id} { allow read: if resource.data.tags.all(t, t > 0) && t == 1; }")
    #expect(outside.diagnostics.map(\.code) == ["check.unknown-method", "check.undefined-variable"])
    // Other arguments are still checked, and a known name is not rebound.
    let other = compile(
      "match /a/{id} { allow read: if resource.data.tags.exists(t, t == ghost) && id.any(id, id > 0); }")
    #expect(
      other.diagnostics.map(\.code) == ["check.unknown-method", "check.undefined-variable", "check.unknown-method"])
    #expect(
      compile("match /a/{id} { allow read: if resource.data.tags.all(t); }").diagnostics.map(\.code) == [
        "check.unknown-method", "check.undefined-variable",
      ])
  }
}

@Suite("Checks: pathological input")
struct PathologicalChecksTests {
  @Test("a long recursion cycle and many undefined names give bounded diagnostics")
  func bounded() {
    let count = 300
    let functions = (0..<count).map { "function f\($0)(x) { return f\(($0 + 1) % count)(x) && g\($0)(x); }" }
    let result = compile(functions.joined(separator: "\n") + "\nmatch /a/{id} { allow read: if f0(1); }")
    let recursion = result.diagnostics.filter { $0.code == "check.recursion" }
    #expect(recursion.count == 1)
    #expect(recursion.first?.message.contains("... (300 functions) -> 'f0'") == true)
    #expect(recursion.first?.notes.count == RecursionCheck.maxShown)
    let undefined = result.diagnostics.filter { $0.code == "check.undefined-function" }
    #expect(undefined.count == count)
    // g1..g9 are close to f1..f9 etc.; only the first lookups may carry suggestions.
    // (Every one also carries the run-time consequence note, last.)
    #expect(undefined.filter { $0.notes.count > 1 }.count <= NameResolution.suggestionBudget)
  }
}
