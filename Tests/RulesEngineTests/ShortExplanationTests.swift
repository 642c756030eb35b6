import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

/// The default explanation of a denial: short, with the failing sub-expression, the values
/// it saw and the offending keys.
@Suite struct ShortExplanationTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        function signedIn() { return request.auth != null; }
        match /users/{uid} {
          allow get: if signedIn() && request.auth.uid == uid;
          allow create: if request.resource.data.keys().hasOnly(['name', 'age'])
            && request.resource.data.keys().hasAll(['name', 'age']);
          allow update: if request.resource.data.keys() == ['name'];
        }
      }
    }
    """

  static let ruleset = makeRuleset(rules)

  static func explain(_ request: Request, hint: String? = nil) -> String {
    let decision = Evaluator(ruleset: ruleset, options: EvaluationOptions(traceLevel: .full))
      .evaluate(request, store: DocumentStore(documents: [Document(path: path("users/alice"), fields: [:])]))
    return ShortExplanation.render(decision, source: ruleset.source, signedOutHint: hint)
  }

  @Test func namesTheExtraKeyOfHasOnly() {
    let text = Self.explain(
      .create(path("users/bob"), data: ["name": .string("Bob"), "role": .string("admin")], auth: Auth(uid: "bob")))
    #expect(text.contains("extra key: `role`"))
    #expect(text.contains("where request.resource.data.keys() = ['name', 'role']"))
    #expect(text.split(separator: "\n").count <= 15)
    #expect(!text.contains("└─"))
  }

  @Test func namesTheMissingKeysOfHasAllAndKeysComparisons() {
    let create = Self.explain(.create(path("users/bob"), data: ["name": .string("Bob")], auth: Auth(uid: "bob")))
    #expect(create.contains("missing key: `age`"))
    let update = Self.explain(.update(path("users/alice"), data: ["nick": .string("A")], auth: Auth(uid: "alice")))
    #expect(update.contains("extra key: `nick`; missing key: `name`"))
  }

  @Test func showsTheValuesTheFailingComparisonSaw() {
    let text = Self.explain(.get(path("users/alice"), auth: Auth(uid: "bob")))
    #expect(text.contains("where request.auth.uid = 'bob'"))
    #expect(text.contains("where uid = 'alice'"))
    #expect(!text.contains("signed out"))
  }

  @Test func aSignedOutRequestSaysSoAndHowToSignIn() {
    let text = Self.explain(.get(path("users/alice")), hint: "use --auth")
    #expect(text.contains("note: request.auth is null: the request is signed out\n  use --auth\n"))
  }
}
