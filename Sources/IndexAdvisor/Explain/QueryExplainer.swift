import FirestoreModel
import Queries

/// Computes Query Explain's report offline (query-semantics §11): the plan from the serving
/// check, and the execution statistics from a scan of the seeded documents laid out as the
/// indexes of the plan hold them.
///
/// The scan model: each index of each branch is read from the start of its range (its
/// equality prefix and the filters on the first field after it, within the cursors) in the
/// query's wire order, up to the last document the query returns when a limit stops it, else
/// to the end; every entry read is scanned, whether the remaining filters keep it or not. A
/// merge reads each member that way. Documents returned and skipped by `offset` are read.
package enum QueryExplainer {
  /// The plan alone (Query Explain without analyze).
  package static func plan(_ serving: QueryServing) -> QueryExplain {
    let branches = serving.branches.map(indexes)
    return QueryExplain(
      indexesUsed: distinct(branches.joined()), isMerge: branches.contains { $0.count > 1 }, stats: nil)
  }

  /// The plan and the figures of running `query` on the engine's documents, each document of a
  /// scaled collection counting `scale.factor` times.
  package static func explain(
    _ query: NormalizedQuery, serving: QueryServing, engine: QueryEngine, scale: CollectionScale = .none
  ) -> QueryExplain {
    let branches = serving.branches.map(indexes)
    let order = query.wireOrderBy
    let base = QueryExecution.sorted(
      engine.documents(in: query.scope).filter { QueryExecution.hasIndexedFields(query, $0) }, by: order)
    let weight = { (document: Document) in scale.factor(Self.collectionID(document)) }

    let matched = QueryExecution.ordered(query, base, presorted: true)
    let total = matched.reduce(0) { $0 + weight($1) }
    let skipped = min(Int(clamping: max(0, query.offset ?? 0)), total)
    var returned = total - skipped
    var cut: (document: Document, taken: Int)?
    if let limit = query.limit, returned >= Int(clamping: limit) {
      returned = Int(clamping: limit)
      // The document holding the last result, and how many of its copies the scan took.
      var remaining = skipped + returned
      for document in matched {
        let w = weight(document)
        if remaining <= w {
          cut = (document, remaining)
          break
        }
        remaining -= w
      }
    }

    var entries = 0
    for (branch, used) in zip(query.branches.isEmpty ? [[]] : query.branches, branches) {
      for index in used {
        let range = rangeFilters(index.fields, branch)
        for document in base where inIndex(index.fields, document) {
          var taken = weight(document)
          if let cut {
            let c = QueryExecution.compare(document, cut.document, order)
            if c > 0 { break }
            if c == 0 { taken = cut.taken }
          }
          guard range.allSatisfy({ FilterMatcher.matches($0, document) }), QueryExecution.withinCursors(query, document)
          else { continue }
          entries += taken
        }
      }
    }
    let aggregation = !query.aggregations.isEmpty
    let reads = ReadBilling.reads(
      documents: returned + skipped, entries: entries, aggregation: aggregation,
      billsIndexEntries: ReadBilling.billsIndexEntries(query))
    let stats = ExplainStats(
      resultsReturned: aggregation ? 1 : returned, readOperations: reads, indexEntriesScanned: entries,
      documentsScanned: aggregation ? 0 : returned + skipped)
    return QueryExplain(
      indexesUsed: distinct(branches.joined()), isMerge: branches.contains { $0.count > 1 }, stats: stats,
      scale: scale)
  }

  /// The indexes one branch reads: key order, its automatic index or the members of a merge of
  /// automatic ones, the manifest's composites (with automatic members for the equality fields
  /// they leave), or, unserved, the index the backend suggests, marked missing.
  static func indexes(_ branch: BranchServing) -> [ExplainIndex] {
    let need = branch.need
    let key = IndexField.key(need.keyDirection)
    switch branch.servedBy {
    case .keyOrder?:
      return [ExplainIndex(scope: need.scope, fields: [key])]
    case .automatic?:
      return singleFields(need, covering: Set(need.prefix))
    case .entries(let entries)?:
      let composites = entries.compactMap { entry -> CompositeIndex? in
        if case .index(let index) = entry { return index }
        return nil
      }
      var left = Set(need.prefix)
      for index in composites {
        left.subtract(IndexShape.coveredPrefix(index, need, perfect: false) ?? Set(need.prefix))
      }
      let members = composites.map { ExplainIndex(scope: $0.scope, fields: $0.servingFields) }
      return members + (members.isEmpty || !left.isEmpty ? singleFields(need, covering: left) : [])
    case nil:
      return [ExplainIndex(scope: need.scope, fields: need.suggestedFields, isMissing: true)]
    }
  }

  /// Single-field indexes: the branch's one automatic index, or one member per prefix field left.
  private static func singleFields(_ need: BranchNeed, covering fields: Set<IndexField>) -> [ExplainIndex] {
    let key = IndexField.key(need.keyDirection)
    if fields.count == need.prefixCount, let single = need.automaticIndex {
      return [ExplainIndex(scope: need.scope, fields: [IndexField(single.field, single.mode), key])]
    }
    return need.prefix.filter(fields.contains).compactMap { field in
      need.automaticMember(field).map {
        ExplainIndex(scope: need.scope, fields: [IndexField(field.fieldPath, $0), key])
      }
    }
  }

  /// The filters that bound an index's range: those on its leading equality (and CONTAINS)
  /// fields, then every filter on the first field after them; the rest filter the entries read.
  static func rangeFilters(_ fields: [IndexField], _ branch: [FieldFilter]) -> [FieldFilter] {
    var range: [FieldFilter] = []
    for field in fields {
      let on = branch.filter { $0.field == field.fieldPath }
      if field.mode == .contains {
        range += on.filter { $0.op == .arrayContains || $0.op == .arrayContainsAny }
        continue
      }
      let equalities = on.filter { $0.op == .equal || $0.op == .in }
      if !equalities.isEmpty, !field.isKey {
        range += equalities
        continue
      }
      range += on
      break
    }
    return range
  }

  /// Whether a document has an entry in the index: a value for every field (a non-empty
  /// array for a CONTAINS field).
  static func inIndex(_ fields: [IndexField], _ document: Document) -> Bool {
    fields.allSatisfy { field in
      if field.isKey { return true }
      guard let value = document.queryValue(at: field.fieldPath) else { return false }
      if field.mode == .contains {
        if case .array(let elements) = value { return !elements.isEmpty }
        return false
      }
      return true
    }
  }

  static func collectionID(_ document: Document) -> String {
    let segments = document.path.segments
    return segments.count >= 2 ? segments[segments.count - 2] : ""
  }

  private static func distinct<S: Sequence>(_ indexes: S) -> [ExplainIndex] where S.Element == ExplainIndex {
    var out: [ExplainIndex] = []
    for index in indexes where !out.contains(index) { out.append(index) }
    return out
  }
}
