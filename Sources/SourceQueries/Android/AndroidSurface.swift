/// The Android SDK's calls, as Kotlin (with the KTX `Firebase.firestore`) and Java write them:
/// `collection`, `document`, `collectionGroup`, `whereEqualTo` and the other `where...` methods,
/// `where(Filter.or(...))`, `orderBy(field, Query.Direction.DESCENDING)`, `limit`,
/// `limitToLast`, cursors, `count()`, `aggregate(...)`, `get()`, `addSnapshotListener`,
/// `FieldPath.of(...)`, `FieldPath.documentId()`; lists as `listOf(...)`, `Arrays.asList(...)`.
struct AndroidSurface: ChainSurface {
  /// `Query.where...` methods and their operators (JS spelling).
  static let whereMethods: [String: String] = [
    "whereEqualTo": "==", "whereNotEqualTo": "!=", "whereLessThan": "<", "whereLessThanOrEqualTo": "<=",
    "whereGreaterThan": ">", "whereGreaterThanOrEqualTo": ">=", "whereArrayContains": "array-contains",
    "whereArrayContainsAny": "array-contains-any", "whereIn": "in", "whereNotIn": "not-in",
  ]
  /// `Filter.` factories and their operators.
  static let filterFactories: [String: String] = [
    "equalTo": "==", "notEqualTo": "!=", "lessThan": "<", "lessThanOrEqualTo": "<=", "greaterThan": ">",
    "greaterThanOrEqualTo": ">=", "arrayContains": "array-contains", "arrayContainsAny": "array-contains-any",
    "inArray": "in", "notInArray": "not-in",
  ]
  static let listBuilders: Set<String> = [
    "listOf", "mutableListOf", "arrayListOf", "setOf", "mutableSetOf", "arrayOf", "hashSetOf",
  ]

  func call(_ name: String, _ args: [ChainArgument], reader: ChainEvaluator) -> SourceValue? {
    Self.listBuilders.contains(name) ? .array(args.map(\.value)) : nil
  }

  func method(
    _ member: String, on base: SourceValue, baseName: String?, baseRange: Range<Int>, _ args: [ChainArgument],
    reader: ChainEvaluator
  ) -> SourceValue? {
    let values = args.map(\.value)
    switch baseName {
    case "Filter":
      if member == "or" || member == "and" { return reader.composite(isOr: member == "or", args) }
      guard let op = Self.filterFactories[member] else { return .badFilter("unknown filter Filter.\(member)") }
      return filter(op, args, reader: reader)
    case "FieldPath":
      if member == "of" { return reader.fieldPath(values) }
      if member == "documentId" { return .field(.documentID) }
    case "AggregateField":
      if ["count", "sum", "average"].contains(member) { return reader.aggregation(member, values.first) }
    case "Arrays" where member == "asList", "List" where member == "of", "Set" where member == "of":
      return .array(values)
    case "FirebaseFirestore" where member == "getInstance", "Firebase" where member == "firestore":
      return .database
    default: break
    }
    switch base {
    case .literal where ["toLong", "toInt"].contains(member) && args.isEmpty:
      return base
    case .query(let states):
      if let op = Self.whereMethods[member] {
        return reader.adding(filter(op, args, reader: reader), to: base, args.first)
      }
      switch member {
      case "where":
        guard args.count == 1 else { return base.failing("where() with \(args.count) arguments") }
        return reader.adding(values[0], to: base, args[0])
      case "orderBy":
        var descending: Bool? = false
        if args.count > 1 {
          if case .string(let direction) = values[1] { descending = direction == "desc" } else { descending = nil }
        }
        return reader.adding(
          constraint: reader.order(args.first, descending: descending, direction: args.count > 1 ? args[1] : nil),
          to: base)
      case "limit": return base.adding(.limit(reader.limitValue(values.first)))
      case "limitToLast": return base.adding(.limitToLast(reader.limitValue(values.first)))
      case "startAt", "startAfter", "endAt", "endBefore": return base
      case "count": return base.adding(.count)
      case "aggregate": return reader.aggregations(base, values)
      case "add":
        // A write: no query.
        return .unknown("write")
      case "document":
        guard states.count == 1, states[0].scope == .collection else { return .unknown("document") }
        return reader.document(base, args[...])
      case "get", "addSnapshotListener", "snapshots", "dataObjects", "toObjects":
        reader.report(base, tokens: baseRange)
        return .unknown("snapshot")
      default: return nil
      }
    default:
      // `doc.collection("c")`, `db.collection("c")`, `db.collectionGroup("c")`.
      return reader.chainedCollection(member, on: base, baseName: baseName, args, pathArguments: false)
    }
  }

  /// `Query.Direction.DESCENDING`, `Direction.ASCENDING` (what `orderBy` reads as its direction).
  func property(_ member: String, on base: SourceValue, baseName: String?) -> SourceValue? {
    // The KTX `Firebase.firestore`.
    if baseName == "Firebase", member == "firestore" { return .database }
    guard baseName == "Direction" else { return nil }
    switch member {
    case "ASCENDING": return .string("asc")
    case "DESCENDING": return .string("desc")
    default: return nil
    }
  }

  private func filter(_ op: String, _ args: [ChainArgument], reader: ChainEvaluator) -> SourceValue {
    guard args.count == 2 else { return .badFilter("a filter with \(args.count) arguments") }
    return fieldFilter(args[0].value, op: op, value: args[1].value, fieldText: reader.fieldText(args[0]))
  }
}
