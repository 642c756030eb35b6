import FlintKit
import Queries
import RulesEngine
import RulesLanguage

/// Query validation plus the rules-are-not-filters proof, per second, on the sample app's rules.
enum ProofBench {
  static func run(iterations: Int = 100_000) -> BenchResult {
    let rules = """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          function signedIn() { return request.auth != null; }
          match /posts/{postId} {
            allow list: if resource.data.published == true
              || (signedIn() && resource.data.author == request.auth.uid);
          }
          match /{path=**}/comments/{commentId} {
            allow list: if request.query.limit <= 50 && resource.data.score >= 0;
          }
        }
      }
      """
    let compiled = RulesCompiler.compile(SourceFile(name: "bench.rules", text: rules))
    let authorizer = ListAuthorizer(
      ruleset: Ruleset(file: compiled.file, source: SourceFile(name: "bench.rules", text: rules)))
    let auth = Auth(uid: "alice")
    let context = QueryContext(bindings: ["auth": .map(["uid": .string("alice")])])
    let texts = [
      #"collection("posts").where("published", "==", true).orderBy("createdAt", "desc").limit(20)"#,
      #"collection("posts").where("author", "==", auth.uid)"#,
      #"collectionGroup("comments").where("score", ">=", 3).limit(50)"#,
      #"collection("posts").where("title", "==", "x")"#,
    ]
    let sources = texts.map { SourceFile(name: "bench", text: $0) }
    var allowed = 0
    let seconds = bestSeconds {
      allowed = 0
      for index in 0..<iterations {
        guard let normalized = QueryPipeline.prepare(sources[index & 3], context: context).normalized else { continue }
        if authorizer.authorize(normalized, auth: auth).allowed { allowed += 1 }
      }
    }
    return BenchResult(
      name: "query-validation-and-proof",
      fields: [
        ("queries", .int(iterations)), ("allowed", .int(allowed)), ("seconds", format(seconds, digits: 3)),
        ("queries_per_second", format(Double(iterations) / seconds, digits: 0)),
      ])
  }
}
