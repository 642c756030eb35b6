import FirestoreModel
import FlintTestSupport
import IndexAdvisor
import Testing

/// Invariants of the workload optimizer over random workloads and manifests.
@Suite("Index optimizer properties")
struct OptimizerPropertyTests {
  static let seeds: [UInt64] = Array(1...40)

  @Test("the written manifest serves every query the plan says is served (independent check)", arguments: seeds)
  func plannedQueriesAreServed(seed: UInt64) throws {
    var random = RandomWorkloads(seed: seed)
    let workload = random.workload(60)
    #expect(workload.count >= 30, "the generator should mostly make valid queries")
    let existing = try ManifestReader.read(random.manifestText(indexes: 4)).manifest
    let limit = seed % 3 == 0 ? 3 : 200
    let plan = WorkloadOptimizer.plan(workload, existing: existing, options: PlanOptions(compositeLimit: limit))
    let written = try ManifestReader.read(ManifestWriter.text(plan.manifest)).manifest
    for (q, serving) in plan.servings.enumerated() {
      let reference = serving.branches.allSatisfy { ReferenceServing.served($0.need, by: written) }
      #expect(serving.isServed == reference, "seed \(seed): \(workload[q].text)")
    }
    if existing.indexes.count <= limit { #expect(plan.compositeCount <= limit, "seed \(seed)") }
    if limit == 200 { #expect(plan.unserved.isEmpty, "seed \(seed): with room, every query is served") }
    #expect(plan.lowerBound <= plan.unboundedAdded)
    #expect(plan.unserved.count == plan.servings.filter { !$0.isServed }.count)
  }

  @Test("merging never loses an existing entry or its unknown keys", arguments: seeds)
  func mergeKeepsEverything(seed: UInt64) throws {
    var random = RandomWorkloads(seed: seed &+ 1000)
    let existingText = random.manifestText(indexes: 6)
    let existing = try ManifestReader.read(existingText).manifest
    let plan = WorkloadOptimizer.plan(random.workload(40), existing: existing, options: PlanOptions(compositeLimit: 1000))
    let text = ManifestWriter.text(plan.manifest)
    let written = try ManifestReader.read(text).manifest
    let keys = Set(written.indexes.map(\.comparisonKey))
    for index in existing.indexes {
      #expect(keys.contains(index.comparisonKey), "seed \(seed): lost \(index)")
      #expect(written.indexes.contains { $0.source == index.source }, "seed \(seed): changed \(index)")
    }
    for override in existing.fieldOverrides {
      let after = try #require(written.override(override.collectionGroup, override.fieldPathText), "seed \(seed)")
      for mode in override.indexes { #expect(after.has(mode), "seed \(seed): \(override) lost \(mode)") }
      #expect(after.ttl == override.ttl)
    }
    #expect(text.contains(#""x-tool": "kept""#))
  }

  @Test("planning its own output again changes nothing (fixed point)", arguments: seeds)
  func fixedPoint(seed: UInt64) throws {
    var random = RandomWorkloads(seed: seed &+ 2000)
    let workload = random.workload(50)
    let existing = try ManifestReader.read(random.manifestText(indexes: 3)).manifest
    let first = ManifestWriter.text(WorkloadOptimizer.plan(workload, existing: existing).manifest)
    let again = WorkloadOptimizer.plan(workload, existing: try ManifestReader.read(first).manifest)
    #expect(again.added.isEmpty && again.overrides.isEmpty, "seed \(seed)")
    #expect(ManifestWriter.text(again.manifest) == first, "seed \(seed)")
  }

  @Test("manifests round-trip: read(write(m)) writes the same text", arguments: seeds)
  func roundTrip(seed: UInt64) throws {
    var random = RandomWorkloads(seed: seed &+ 3000)
    let manifest = try ManifestReader.read(random.manifestText(indexes: 8)).manifest
    let text = ManifestWriter.text(manifest)
    let back = try ManifestReader.read(text).manifest
    #expect(ManifestWriter.text(back) == text)
    #expect(Set(back.indexes.map(\.comparisonKey)) == Set(manifest.indexes.map(\.comparisonKey)))
    #expect(back.fieldOverrides.map(\.key).sorted() == manifest.fieldOverrides.map(\.key).sorted())
  }

  @Test("prune removes exactly the indexes no query uses")
  func prune() throws {
    let existing = try AdvisorFixtures.manifest(text: """
      {"indexes": [
        {"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "a", "order": "ASCENDING"}, {"fieldPath": "b", "order": "ASCENDING"}]},
        {"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "x", "order": "ASCENDING"}, {"fieldPath": "y", "order": "ASCENDING"}]}]}
      """)
    let workload = AdvisorFixtures.workload([#"collection("posts").where("a", "==", 1).orderBy("b")"#])
    let kept = WorkloadOptimizer.plan(workload, existing: existing)
    #expect(kept.manifest.indexes.count == 2)
    #expect(kept.unused.map(\.description) == ["posts (x ASC, y ASC, __name__ ASC)"])
    let pruned = WorkloadOptimizer.plan(workload, existing: existing, options: PlanOptions(prune: true))
    #expect(pruned.manifest.indexes.map(\.description) == ["posts (a ASC, b ASC, __name__ ASC)"])
  }

  @Test("prune never drops an index some workload query can use (independent check)", arguments: seeds)
  func pruneKeepsUsableIndexes(seed: UInt64) throws {
    var random = RandomWorkloads(seed: seed &+ 4000)
    let workload = random.workload(40)
    let existing = try ManifestReader.read(random.manifestText(indexes: 10)).manifest
    let plan = WorkloadOptimizer.plan(workload, existing: existing, options: PlanOptions(prune: true))
    let kept = Set(plan.manifest.indexes.map(\.comparisonKey))
    let needs = workload.flatMap { RequirementAnalyzer.requirement(for: $0.query).branches }
    for index in existing.indexes where !kept.contains(index.comparisonKey) {
      for need in needs {
        #expect(!ReferenceServing.usable(index, by: need), "seed \(seed): pruned \(index), usable by a query")
      }
    }
  }

  @Test("prune keeps a second index that serves a query as well as the one the plan chose")
  func pruneKeepsEquivalentIndexes() throws {
    let existing = try AdvisorFixtures.manifest(text: """
      {"indexes": [
        {"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "a", "order": "ASCENDING"}, {"fieldPath": "b", "order": "ASCENDING"}, {"fieldPath": "t", "order": "ASCENDING"}]},
        {"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "b", "order": "ASCENDING"}, {"fieldPath": "a", "order": "ASCENDING"}, {"fieldPath": "t", "order": "ASCENDING"}]}]}
      """)
    let workload = AdvisorFixtures.workload([#"collection("posts").where("a", "==", 1).where("b", "==", 2).orderBy("t")"#])
    let pruned = WorkloadOptimizer.plan(workload, existing: existing, options: PlanOptions(prune: true))
    #expect(pruned.manifest.indexes.count == 2)
    #expect(pruned.unused.isEmpty)
  }

  @Test("one index serves every query of a shape; merges reuse members")
  func sharing() {
    let workload = AdvisorFixtures.workload([
      #"collection("posts").where("a", "==", 1).where("b", "==", 2).orderBy("t")"#,
      #"collection("posts").where("b", "==", 3).where("a", "==", 4).orderBy("t")"#,
      #"collection("posts").where("a", "==", 1).orderBy("t")"#,
      #"collection("posts").where("b", "==", 1).orderBy("t")"#,
      #"collection("posts").where("a", "==", 1).where("b", "==", 2).where("c", "==", 1)"#,
    ])
    let plan = WorkloadOptimizer.plan(workload, existing: IndexManifest())
    #expect(plan.added.map(\.description).sorted() == ["posts (a ASC, t ASC, __name__ ASC)", "posts (b ASC, t ASC, __name__ ASC)"])
    #expect(plan.lowerBound == 2)
    #expect(plan.unserved.isEmpty)
  }

  @Test("over budget: the heaviest queries per index win, the rest are listed")
  func budget() {
    let workload = AdvisorFixtures.workload([
      #"collection("posts").where("a", "==", 1).orderBy("t") @weight 1"#,
      #"collection("posts").where("b", "==", 1).orderBy("t") @weight 90"#,
      #"collection("posts").where("c", "==", 1).orderBy("t") @weight 5"#,
    ])
    let plan = WorkloadOptimizer.plan(workload, existing: IndexManifest(), options: PlanOptions(compositeLimit: 2))
    #expect(plan.compositeCount == 2)
    #expect(plan.unserved.map(\.query.line) == [1])
    #expect(plan.unserved.first?.why == .overBudget(.composite, limit: 2))
  }
}

extension OptimizerPropertyTests {
  @Test("a manifest with duplicates: merging adds no further copy and writes every entry back")
  func duplicatesAreNotMultiplied() throws {
    let existing = try AdvisorFixtures.manifest("manifests/duplicates.json")
    let workload = AdvisorFixtures.workload([
      #"collection("tasks").where("owner", "==", "u").orderBy("due")"#,
      #"collection("tasks").where("owner", "==", "u").where("state", "==", "open").orderBy("due")"#,
    ])
    let plan = WorkloadOptimizer.plan(workload, existing: existing)
    let written = try ManifestReader.read(ManifestWriter.text(plan.manifest)).manifest
    let ownerDue = existing.indexes[0].comparisonKey
    #expect(written.indexes.filter { $0.comparisonKey == ownerDue }.count == 2)
    #expect(written.indexes.count == 2 + plan.added.count)
    #expect(!plan.added.contains { $0.comparisonKey == ownerDue })
    #expect(written.fieldOverrides.count == existing.fieldOverrides.count)
  }
}

extension OptimizerPropertyTests {
  @Test("conflicting duplicate overrides: the needed index is added to every copy, none loses one")
  func duplicateOverridesGainTogether() throws {
    let existing = try AdvisorFixtures.manifest("manifests/duplicates.json")
    let workload = AdvisorFixtures.workload([#"collection("tasks").orderBy("due", "desc")"#])
    let plan = WorkloadOptimizer.plan(workload, existing: existing)
    #expect(plan.unserved.isEmpty)
    let written = try ManifestReader.read(ManifestWriter.text(plan.manifest)).manifest
    let due = written.fieldOverrides.filter { $0.fieldPathText == "due" }
    #expect(due.count == 2)
    for override in due {
      #expect(override.has(FieldOverride.Index(.ascending, .collection)))
      #expect(override.has(FieldOverride.Index(.descending, .collection)))
    }
    #expect(ServingCheck(written).serving(try #require(AdvisorFixtures.normalized(workload[0].text))).isServed)
  }
}
