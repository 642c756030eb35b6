import FirestoreModel

/// The execution pipeline on a candidate list (already in path order): filters, order-by
/// existence, sort, cursors, offset, limit, `limitToLast` reversal, projection.
package enum QueryExecution {
  static func run(_ query: NormalizedQuery, candidates: [Document], plan: ExecutionPlan) -> QueryResult {
    var matched = ordered(query, candidates.filter { hasIndexedFields(query, $0) })
    let offset = Int(clamping: max(0, query.offset ?? 0))
    let skipped = min(offset, matched.count)
    matched.removeFirst(skipped)
    if let limit = query.limit, matched.count > Int(clamping: limit) {
      matched.removeLast(matched.count - Int(clamping: limit))
    }
    if query.isLimitToLast { matched.reverse() }
    // The documents read (returned and skipped) each have an index entry; the entries a scan
    // reads and the other filters drop are Query Explain's to count (ReadBilling.countsIndexEntries).
    let read = matched.count + skipped
    let aggregation = !query.aggregations.isEmpty
    let reads = ReadBilling.reads(
      documents: read, entries: read, aggregation: aggregation, billsIndexEntries: ReadBilling.billsIndexEntries(query))
    if aggregation {
      let results = query.aggregations.map { Aggregator.compute($0, over: matched) }
      return QueryResult(documents: [], aggregations: results, reads: reads, plan: plan)
    }
    let documents = query.projection.map { fields in matched.map { project($0, fields) } } ?? matched
    return QueryResult(documents: documents, aggregations: [], reads: reads, plan: plan)
  }

  /// Whether a document holds every field the serving index holds: the order-by fields and,
  /// for aggregations, the aggregated fields (documents lacking one are not in the index).
  package static func hasIndexedFields(_ query: NormalizedQuery, _ document: Document) -> Bool {
    query.wireOrderBy.allSatisfy { $0.field.isDocumentID || document.queryValue(at: $0.field) != nil }
      && query.aggregations.allSatisfy { $0.field.map { document.queryValue(at: $0) != nil } ?? true }
  }

  /// The documents of `candidates` (each holding the indexed fields) the query matches, in the
  /// wire order, within its cursors: what offset and limit then cut.
  /// With `presorted`, `candidates` are already in the wire order (`sorted(_:by:)`).
  package static func ordered(_ query: NormalizedQuery, _ candidates: [Document], presorted: Bool = false)
    -> [Document]
  {
    let matched = candidates.filter { document in query.filters.allSatisfy { FilterMatcher.matches($0, document) } }
    return (presorted ? matched : sorted(matched, by: query.wireOrderBy)).filter { withinCursors(query, $0) }
  }

  /// Documents in an order-by's order (then by path): each document's order values are read
  /// once, not at every comparison (a sort of 100,000 documents compares some 1.7 million pairs).
  package static func sorted(_ documents: [Document], by order: [OrderBy]) -> [Document] {
    let keys = documents.map { document in
      order.map { entry in
        entry.field.isDocumentID ? Value.reference(document.path) : (document.queryValue(at: entry.field) ?? .null)
      }
    }
    let positions = documents.indices.sorted { a, b in
      for (i, entry) in order.enumerated() {
        var c = Value.compare(keys[a][i], keys[b][i])
        if entry.direction == .descending { c = -c }
        if c != 0 { return c < 0 }
      }
      return Value.compare(.reference(documents[a].path), .reference(documents[b].path)) < 0
    }
    return positions.map { documents[$0] }
  }

  /// Whether a document lies within the query's wire cursors.
  package static func withinCursors(_ query: NormalizedQuery, _ document: Document) -> Bool {
    let order = query.wireOrderBy
    if let start = query.wireStartAt, !sortsAfterStart(start, order, document) { return false }
    if let end = query.wireEndAt, !sortsBeforeEnd(end, order, document) { return false }
    return true
  }

  /// Compares two documents by an order-by list (`__name__` compares paths).
  package static func compare(_ a: Document, _ b: Document, _ order: [OrderBy]) -> Int {
    for entry in order {
      var c: Int
      if entry.field.isDocumentID {
        c = Value.compare(.reference(a.path), .reference(b.path))
      } else {
        c = Value.compare(a.queryValue(at: entry.field) ?? .null, b.queryValue(at: entry.field) ?? .null)
      }
      if entry.direction == .descending { c = -c }
      if c != 0 { return c }
    }
    return Value.compare(.reference(a.path), .reference(b.path))
  }

  /// Bound position versus a document, in the order's directions (the SDK's
  /// `boundCompareToDocument`).
  static func boundCompare(_ bound: Bound, _ order: [OrderBy], _ document: Document) -> Int {
    var c = 0
    for (i, value) in bound.position.enumerated() where i < order.count {
      let entry = order[i]
      let docValue =
        entry.field.isDocumentID ? .reference(document.path) : (document.queryValue(at: entry.field) ?? .null)
      c = Value.compare(value, docValue)
      if entry.direction == .descending { c = -c }
      if c != 0 { break }
    }
    return c
  }

  static func sortsAfterStart(_ bound: Bound, _ order: [OrderBy], _ document: Document) -> Bool {
    let c = boundCompare(bound, order, document)
    return bound.inclusive ? c <= 0 : c < 0
  }

  static func sortsBeforeEnd(_ bound: Bound, _ order: [OrderBy], _ document: Document) -> Bool {
    let c = boundCompare(bound, order, document)
    return bound.inclusive ? c >= 0 : c > 0
  }

  /// Keeps only the selected fields (nested paths keep their enclosing maps).
  static func project(_ document: Document, _ fields: [FieldPath]) -> Document {
    var out: [String: Value] = [:]
    for field in fields where !field.isDocumentID {
      guard let value = document.queryValue(at: field) else { continue }
      insert(value, at: field.segments[...], into: &out)
    }
    return Document(path: document.path, fields: out)
  }

  static func insert(_ value: Value, at segments: ArraySlice<String>, into map: inout [String: Value]) {
    guard let first = segments.first else { return }
    if segments.count == 1 {
      map[first] = value
      return
    }
    var child: [String: Value] = [:]
    if case .map(let existing) = map[first] { child = existing }
    insert(value, at: segments.dropFirst(), into: &child)
    map[first] = .map(child)
  }
}

/// count / sum / avg with Firestore's semantics: non-numeric values are skipped; a sum of
/// integers stays an integer unless it overflows (then a double); NaN propagates; the
/// sum of nothing is 0 and the average of nothing is null.
enum Aggregator {
  static func compute(_ aggregation: Aggregation, over documents: [Document]) -> AggregationResult {
    switch aggregation {
    case .count:
      return AggregationResult(aggregation, .integer(Int64(documents.count)))
    case .sum(let field):
      return AggregationResult(aggregation, sum(numbers(field, documents)))
    case .average(let field):
      let values = numbers(field, documents)
      if values.isEmpty { return AggregationResult(aggregation, .null) }
      let total = values.reduce(0.0) { acc, v in
        switch v {
        case .integer(let i): acc + Double(i)
        case .double(let d): acc + d
        default: acc
        }
      }
      return AggregationResult(aggregation, .double(total / Double(values.count)))
    }
  }

  static func numbers(_ field: FieldPath, _ documents: [Document]) -> [Value] {
    documents.compactMap { document in
      switch document.queryValue(at: field) {
      case .integer(let i): .integer(i)
      case .double(let d): .double(d)
      default: nil
      }
    }
  }

  static func sum(_ values: [Value]) -> Value {
    var integerSum: Int64 = 0
    var allIntegers = true
    var doubleSum = 0.0
    for value in values {
      switch value {
      case .integer(let i):
        doubleSum += Double(i)
        if allIntegers {
          let (next, overflow) = integerSum.addingReportingOverflow(i)
          if overflow { allIntegers = false } else { integerSum = next }
        }
      case .double(let d):
        doubleSum += d
        allIntegers = false
      default:
        break
      }
    }
    return allIntegers ? .integer(integerSum) : .double(doubleSum)
  }
}
