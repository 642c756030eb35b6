import FirestoreModel
import Synchronization

/// Runs normalized queries on a `DocumentStore`, building in-memory equality indexes per
/// (scope, field) lazily, so an equality query on 100,000 documents does not scan them.
///
/// A class because the indexes are caches filled on first use; they sit behind one `Mutex`.
package final class QueryEngine: Sendable {
  package let store: DocumentStore
  private let caches = Mutex(Caches())

  private struct Caches {
    var scopes: [QueryScope: [Document]] = [:]
    var equalityIndexes: [IndexID: [String: [Int]]] = [:]
    var containsIndexes: [IndexID: [String: [Int]]] = [:]
  }

  private struct IndexID: Hashable {
    var scope: QueryScope
    var field: FieldPath
  }

  package init(store: DocumentStore) {
    self.store = store
  }

  /// Runs a query. `strategy: .scan` skips the indexes (for benchmarks and cross-checks).
  package func execute(_ query: NormalizedQuery, strategy: ExecutionStrategy = .automatic) -> QueryResult {
    let all = documents(in: query.scope)
    var access = ExecutionPlan.Access.scan
    var candidates: [Document] = all
    if strategy == .automatic, let (chosen, positions) = bestIndex(for: query) {
      access = chosen
      candidates = positions.map { all[$0] }
    }
    let plan = ExecutionPlan(access: access, scopeSize: all.count, candidates: candidates.count)
    return QueryExecution.run(query, candidates: candidates, plan: plan)
  }

  /// Documents of a scope, ordered by path (cached).
  package func documents(in scope: QueryScope) -> [Document] {
    caches.withLock { caches in
      if let cached = caches.scopes[scope] { return cached }
      let docs: [Document]
      switch scope {
      case .collection(let path):
        docs = store.documents(inCollection: path)
      case .collectionGroup(let id, let parent):
        docs = store.documents(inCollectionGroup: id).filter { $0.path.segments.starts(with: parent.segments) }
      }
      caches.scopes[scope] = docs
      return docs
    }
  }

  /// The smallest candidate list any top-level `==`, `in` or `array-contains` filter gives.
  private func bestIndex(for query: NormalizedQuery) -> (ExecutionPlan.Access, [Int])? {
    var best: (ExecutionPlan.Access, [Int])?
    for case .field(let filter) in query.filters where !filter.field.isDocumentID {
      let positions: [Int]
      let access: ExecutionPlan.Access
      switch filter.op {
      case .equal:
        positions = index(query.scope, filter.field, contains: false)[IndexKey.of(filter.value)] ?? []
        access = .equalityIndex(filter.field)
      case .in:
        guard case .array(let values) = filter.value else { continue }
        let table = index(query.scope, filter.field, contains: false)
        positions = union(values.map { table[IndexKey.of($0)] ?? [] })
        access = .equalityIndex(filter.field)
      case .arrayContains:
        positions = index(query.scope, filter.field, contains: true)[IndexKey.of(filter.value)] ?? []
        access = .arrayContainsIndex(filter.field)
      default:
        continue
      }
      if best == nil || positions.count < best!.1.count { best = (access, positions) }
    }
    return best
  }

  private func union(_ lists: [[Int]]) -> [Int] {
    Array(Set(lists.joined())).sorted()
  }

  /// Value key → positions of the documents holding it (or, with `contains`, holding it
  /// as an array element), built on first use.
  private func index(_ scope: QueryScope, _ field: FieldPath, contains: Bool) -> [String: [Int]] {
    let id = IndexID(scope: scope, field: field)
    let cached = caches.withLock { contains ? $0.containsIndexes[id] : $0.equalityIndexes[id] }
    if let cached { return cached }
    let docs = documents(in: scope)
    var table: [String: [Int]] = [:]
    for (position, document) in docs.enumerated() {
      guard let value = document.queryValue(at: field) else { continue }
      if contains {
        guard case .array(let elements) = value else { continue }
        for key in Set(elements.map(IndexKey.of)) { table[key, default: []].append(position) }
      } else {
        table[IndexKey.of(value), default: []].append(position)
      }
    }
    caches.withLock { caches in
      if contains { caches.containsIndexes[id] = table } else { caches.equalityIndexes[id] = table }
    }
    return table
  }
}
