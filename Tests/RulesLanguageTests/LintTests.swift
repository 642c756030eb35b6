import FlintTestSupport
import Foundation
import RulesEngine
import Testing

@testable import RulesLanguage

/// A rules v2 file with `body` inside `match /databases/{database}/documents`.
func lintWrapped(_ body: String) -> String {
  "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n\(body)\n  }\n}\n"
}

/// The rules engine's regex, as `flint check` hands it to the lints.
let enginePatterns = PatternMatcher { pattern, subject in try? RulesRegex.matches(pattern, subject) }

/// What `flint check` reports for `text` (compiler warnings, lints with the engine's regex,
/// suppressions applied).
func lintCheck(_ text: String) -> CompiledRules {
  RulesLinter.check(SourceFile(name: "t.rules", text: text), patterns: enginePatterns)
}

/// The codes `flint check` reports for `text` (compiler warnings, lints, suppressions applied).
func checkCodes(_ text: String) -> [DiagnosticCode] {
  lintCheck(text).diagnostics.map(\.code)
}

@Suite("Lints")
struct LintTests {
  @Test("every lint has a unique code, a summary, a fix and examples both ways")
  func descriptions() {
    let rules = RulesLinter.rules
    #expect(Set(rules.map(\.code)).count == rules.count)
    for rule in rules {
      #expect(["security.", "misconception.", "type.", "limit."].contains { rule.code.rawValue.hasPrefix($0) })
      #expect(!rule.summary.isEmpty && !rule.fixHint.isEmpty)
      #expect(!rule.triggering.isEmpty && !rule.nonTriggering.isEmpty, "\(rule.code)")
    }
  }

  @Test("each triggering example produces its code, as a warning with a fix note", arguments: RulesLinter.rules)
  func triggering(rule: LintRule) {
    for example in rule.triggering {
      let result = lintCheck(rule.exampleFile(example))
      #expect(!result.hasErrors, "\(example)")
      let found = result.diagnostics.filter { $0.code == rule.code }
      #expect(!found.isEmpty, "\(rule.code) did not fire on:\n\(example)")
      #expect(found.allSatisfy { $0.severity == .warning && $0.notes.last?.message.hasPrefix("fix: ") == true })
    }
  }

  @Test("each non-triggering example stays silent", arguments: RulesLinter.rules)
  func nonTriggering(rule: LintRule) {
    for example in rule.nonTriggering {
      #expect(!checkCodes(rule.exampleFile(example)).contains(rule.code), "\(rule.code) fired on:\n\(example)")
    }
  }

  @Test("flint:ignore silences a warning on its line or the line below; other codes stay")
  func suppressions() {
    let sameLine = lintWrapped("match /a/{id} { allow write: if true; } // flint:ignore security.open-write")
    #expect(!checkCodes(sameLine).contains("security.open-write"))
    let above = lintWrapped("// flint:ignore security.open-write\nmatch /a/{id} { allow write: if true; }")
    #expect(!checkCodes(above).contains("security.open-write"))
    let other = lintWrapped("match /a/{id} { allow write: if true; } // flint:ignore security.open-read")
    #expect(checkCodes(other).contains("security.open-write"))
    let all = lintWrapped("match /a/{id} { allow write: if true; } // flint:ignore")
    #expect(checkCodes(all).isEmpty)
    let twoBelow = lintWrapped("// flint:ignore security.open-write\n\nmatch /a/{id} { allow write: if true; }")
    #expect(checkCodes(twoBelow).contains("security.open-write"))
    // Errors are never silenced.
    let error = "rules_version = '3'; // flint:ignore\nservice cloud.firestore {}"
    #expect(RulesLinter.check(SourceFile(name: "e.rules", text: error)).hasErrors)
  }

  @Test("lints never add errors and never crash on recovered trees (every prefix of the sample)")
  func brokenTrees() throws {
    let text = try Corpus.sample.text
    let bytes = Array(text.utf8)
    let extra = [
      lintWrapped("match /a/{id} { allow write: if ; }"), lintWrapped("match /{d=**} { allow read: if f(; }"),
      lintWrapped("function f( { return } match /a { allow update: if f(; }"), "service cloud.firestore { match",
    ]
    let prefixes = stride(from: 0, to: bytes.count, by: 13).map { String(decoding: bytes[..<$0], as: UTF8.self) }
    for input in prefixes + extra {
      let source = SourceFile(name: "b.rules", text: input)
      let parsed = RulesParser.parse(source)
      #expect(RulesLinter.lint(parsed.file, source: source).allSatisfy { $0.severity == .warning })
      let errors = RulesCompiler.compile(source).diagnostics.filter { $0.severity == .error }
      #expect(RulesLinter.check(source).diagnostics.filter { $0.severity == .error } == errors)
    }
  }

  @Test("inlining is bounded: a function fan-out does not explode")
  func inliningBudget() {
    var functions = "function f0() { return request.auth != null; }\n"
    for i in 1..<40 { functions += "function f\(i)() { return f\(i - 1)() && f\(i - 1)(); }\n" }
    let text = lintWrapped(functions + "match /a/{id} { allow write: if f39(); }")
    let start = ContinuousClock.now
    _ = RulesLinter.check(SourceFile(name: "t.rules", text: text))
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  @Test(
    "the valid corpus and the sample produce no lint warnings (they are well written)", arguments: Corpus.files("valid")
  )
  func validCorpus(name: String) throws {
    let source = try Corpus.source("valid", name)
    let result = RulesLinter.check(source)
    #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer.text(result.diagnostics, in: source))")
  }

  @Test("the sample project's rules produce no lint warnings")
  func sample() throws {
    let source = try Corpus.sample
    let result = RulesLinter.check(source)
    #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer.text(result.diagnostics, in: source))")
  }

  @Test("a privilege is what the owner alone does not hold: a lookup about the user, a custom claim, a fixed identity")
  func privilege() {
    func requires(_ text: String) -> Bool {
      let parsed = RulesParser.parseExpression(SourceFile(name: "e", text: text))
      #expect(parsed.diagnostics.isEmpty, "\(text)")
      return parsed.expr.requiresPrivilege(in: .firestore)
    }
    let admin = "exists(/databases/$(database)/documents/admins/$(request.auth.uid))"
    let owner = "resource.data.ownerId == request.auth.uid"
    #expect(requires(admin))
    #expect(requires("get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role == 'manager'"))
    #expect(requires("request.auth.token.admin == true"))
    #expect(requires("request.auth.token['role'] == 'editor'"))
    #expect(requires("'admin' in request.auth.token"))
    #expect(requires("request.auth.uid == 'ops-robot'"))
    #expect(requires("request.auth.uid in ['a', 'b']"))
    #expect(requires("request.auth.token.email == 'boss@example.com'"))
    #expect(requires("\(owner) && \(admin)"))
    #expect(requires("\(admin) || request.auth.token.admin == true"))
    #expect(requires("\(owner) ? \(admin) : false"))
    // The owner alone can satisfy these.
    #expect(!requires(owner))
    #expect(!requires("\(owner) || \(admin)"))
    #expect(!requires("\(owner) && !\(admin)"))
    #expect(!requires("!(\(admin) || request.auth.token.banned == true)"))
    #expect(!requires("\(owner) && request.auth.token.banned != true"))
    #expect(!requires("\(owner) && request.auth.token.email_verified == true"))
    #expect(!requires("\(owner) && request.auth.token.firebase.sign_in_provider == 'password'"))
    #expect(
      !requires("\(owner) && exists(/databases/$(database)/documents/listings/$(request.resource.data.listingId))"))
    #expect(!requires("request.auth.uid in resource.data.editors"))
  }

  @Test(
    "golden cases in Corpus/rules/lints: a positive and a negative for every lint", arguments: Corpus.files("lints"))
  func golden(name: String) throws {
    let source = try Corpus.source("lints", name)
    let actual = DiagnosticRenderer.text(RulesLinter.check(source, patterns: enginePatterns).diagnostics, in: source)
    Golden.expect(actual, matches: "Corpus/rules/lints/" + String(name.dropLast(".rules".count)) + ".expected")
  }

  @Test("every lint code has a positive and a negative golden file")
  func goldenCoverage() {
    let files = Set(Corpus.files("lints"))
    for rule in RulesLinter.rules {
      let stem = String(rule.code.rawValue.split(separator: ".").last!)
      #expect(files.contains("\(stem).rules"), "missing Corpus/rules/lints/\(stem).rules")
      #expect(files.contains("\(stem)-ok.rules"), "missing Corpus/rules/lints/\(stem)-ok.rules")
    }
  }
}

extension LintRule: CustomTestStringConvertible {
  public var testDescription: String { code.rawValue }
}

extension LintTests {
  @Test("a block closed by indentation still gets its lints and warnings (flint check, the language server)")
  func lintsAfterAMissingBrace() {
    let text = """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /rooms/{roomId} {
            allow write: if true;

          match /notes/{noteId} {
            allow read: if ghost == 1;
          }
        }
      }
      """
    let codes = RulesLinter.check(SourceFile(name: "t.rules", text: text)).diagnostics.map(\.code)
    #expect(codes == ["parse.unclosed-block", "security.open-write", "check.undefined-variable"])
  }
}
