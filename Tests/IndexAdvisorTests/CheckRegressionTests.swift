import FirestoreModel
import IndexAdvisor
import Testing

/// `flint indexes --check` crashed printing the existing manifest's missing indexes.
@Suite("Existing-manifest servings")
struct CheckRegressionTests {
  @Test("missing indexes of the existing manifest can be printed")
  func missingIndexes() throws {
    let existing = try AdvisorFixtures.manifest(
      text: """
        {"indexes": [{"collectionGroup": "posts", "queryScope": "COLLECTION", "x-team": "feed", "fields": [
          {"fieldPath": "author", "order": "ASCENDING"}, {"fieldPath": "at", "order": "DESCENDING"}]}], "fieldOverrides": []}
        """)
    let workload = AdvisorFixtures.workload([
      #"collection("posts").where("author", "==", auth.uid).orderBy("at", "desc")"#,
      #"collection("posts").where("tag", "==", "x").orderBy("at", "desc")  @weight 3"#,
    ])
    let plan = WorkloadOptimizer.plan(workload, existing: existing)
    #expect(plan.servedByExisting == [true, false])
    #expect(plan.existingServings[1].missingIndexes.map(\.description) == ["posts (tag ASC, at DESC, __name__ DESC)"])
  }
}
