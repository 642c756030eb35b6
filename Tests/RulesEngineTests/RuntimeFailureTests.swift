import RulesLanguage
import Testing

@testable import RulesEngine

/// What Google deploys but fails at run time loads as a ruleset (only warnings) and evaluates to
/// the run-time error the production engine reports.
@Suite struct RuntimeFailureTests {
  private let text = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /a/{id} { allow read: if bool('true') || math.isInfinite(1.0) || nope(); }
      }
    }
    """

  @Test func deploysWithWarningsAndLoads() {
    let compiled = Ruleset.compile(SourceFile(name: "t.rules", text: text))
    #expect(compiled.ruleset != nil)
    #expect(compiled.diagnostics.count == 3)
    #expect(compiled.diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test func strictRejects() {
    let compiled = RulesCompiler.compile(SourceFile(name: "t.rules", text: text), strict: true)
    #expect(compiled.hasErrors)
  }

  @Test func eachCallIsTheProductionError() {
    #expect(evalExpr("bool('true')").error?.message == "Function not found error: Name: [bool].")
    #expect(evalExpr("math.isInfinite(1.0)").error?.message == "Function not found error: Name: [math.isInfinite].")
    #expect(evalExpr("nope()").error?.message == "Function not found error: Name: [nope].")
    #expect(evalExpr("undefinedName").error != nil)
  }
}
