import Queries
import SwiftSyntax

/// One argument of a Swift call: its label, its value, and the expression it was written as.
struct SwiftArgument {
  var label: String?
  var value: SourceValue
  var expression: ExprSyntax
}

/// The Firestore iOS SDK as the Swift reader knows it: its types, the calls that run a query,
/// the `whereField` labels, and how each method of `Query`/`CollectionReference` changes a
/// query. Each function returns nil for a call that is not the SDK's; the reader then treats it
/// as other code (a helper of the module is inlined, a query argument is reported).
///
/// The database itself is the root document, `.document([])`: `collection(_:)` under it or
/// under a document reference is one rule.
enum SwiftSurface {
  /// The database, `Firestore.firestore()`.
  static let database = SourceValue.document([])

  /// Calls that run a query (it is reported where they are called).
  static let runMethods: Set<String> = [
    "getDocuments", "addSnapshotListener", "getAggregation", "snapshotPublisher", "getDocumentsPublisher",
    "snapshots",
  ]

  /// Methods only a query has: run on a receiver Flint cannot see built, they still prove it is a
  /// query (unresolved), unless the module declares a function of that name itself.
  static let queryOnlyRunMethods: Set<String> = ["getDocuments", "getAggregation", "getDocumentsPublisher"]

  /// The methods of `Query` an extension of it may call with an implicit `self`.
  static let queryMethods: Set<String> = runMethods.union([
    "whereField", "whereFilter", "order", "limit", "start", "end", "aggregate", "document", "collection",
    "collectionGroup",
  ])

  /// `whereField(_:isEqualTo:)` and its siblings: the label and the operator it stands for.
  static let whereLabels: [String: String] = [
    "isEqualTo": "==", "isNotEqualTo": "!=", "isLessThan": "<", "isLessThanOrEqualTo": "<=", "isGreaterThan": ">",
    "isGreaterThanOrEqualTo": ">=", "arrayContains": "array-contains", "arrayContainsAny": "array-contains-any",
    "in": "in", "notIn": "not-in",
  ]

  /// The SDK type a declaration names (`Query?`, `FirebaseFirestore.CollectionReference!`), or nil
  /// when it is not one of the SDK's.
  static func firestoreType(_ type: TypeSyntax?) -> String? {
    guard var text = type?.trimmedDescription else { return nil }
    while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
    if text.hasPrefix("FirebaseFirestore.") { text.removeFirst("FirebaseFirestore.".count) }
    switch text {
    case "Firestore", "Query", "CollectionReference", "DocumentReference": return text
    default: return nil
    }
  }

  /// A value of an SDK type whose construction Flint cannot see (a property set elsewhere, a
  /// function of another module): the database, a document, or a query that is unresolved.
  static func opaque(_ type: String, name: String) -> SourceValue {
    switch type {
    case "Firestore": return database
    case "DocumentReference": return .document(["{parent}", "{\(DSLText.placeholder(name))}"])
    default: return .query([QueryState(scope: .collection, path: ["{collection}"], problem: unseen(name))])
    }
  }

  /// A query handed in by a parameter: the caller reports it where it hands it over.
  static func handedIn(_ name: String) -> SourceValue {
    .query([QueryState(scope: .collection, path: ["{collection}"], problem: handedInReason + name + ")")])
  }

  static let handedInReason = "the query is handed in by the caller ("

  static func unseen(_ text: String) -> String {
    "the query is built where Flint cannot see it (\(SourceFindings.oneLine(text)))"
  }

  // MARK: Calls

  /// The SDK types whose static methods the reader knows (`Firestore.firestore()`, `Filter.orFilter`).
  static func isStaticType(_ type: String) -> Bool {
    ["Firestore", "FirebaseFirestore.Firestore", "FieldPath", "Filter", "AggregateField"].contains(type)
  }

  /// `Firestore.firestore()`, `FieldPath.documentID()`, `Filter.*`, `AggregateField.*`: a static
  /// method of an SDK type.
  static func staticCall(_ type: String, _ method: String, _ args: [SwiftArgument]) -> SourceValue? {
    switch (type, method) {
    case ("Firestore", "firestore"), ("FirebaseFirestore.Firestore", "firestore"): return database
    case ("FieldPath", "documentID"): return .field(.documentID)
    case ("Filter", _): return filter(method, args)
    case ("AggregateField", _): return aggregateField(method, args)
    default: return nil
    }
  }

  /// An implicit member where the SDK expects a `Filter` (`.orFilter([...])`, `.whereField(...)`)
  /// or an `AggregateField` (`.count()`, `.sum("x")`).
  static func implicitMember(_ method: String, _ args: [SwiftArgument]) -> SourceValue? {
    switch method {
    case "orFilter", "andFilter", "whereField": filter(method, args)
    case "count", "sum", "average": aggregateField(method, args)
    // `whereField(.documentID(), in: ids)`: the `FieldPath` overload's document id.
    case "documentID" where args.isEmpty: .field(.documentID)
    default: nil
    }
  }

  /// `FieldPath(["a", "b"])`.
  static func fieldPath(_ args: [SwiftArgument]) -> SourceValue {
    guard args.count == 1, case .array(let parts) = args[0].value else { return .unknown("fieldPath") }
    var segments: [String] = []
    for part in parts {
      guard case .string(let text) = part else { return .unknown("fieldPath") }
      segments.append(text)
    }
    return .field(.segments(segments))
  }

  /// A method of a query (`whereField`, `order(by:)`, `limit(to:)`, `document(_:)`, ...): the
  /// query it makes; nil for a method that is not the SDK's (a run is handled by the reader).
  static func queryMethod(_ method: String, on base: SourceValue, _ args: [SwiftArgument]) -> SourceValue? {
    guard case .query(let states) = base else { return nil }
    switch method {
    case "whereField":
      return withFilter(base, whereField(args))
    case "whereFilter":
      guard let first = args.first else { return base }
      return withFilter(base, first.value)
    case "order":
      guard let by = args.first(where: { $0.label == "by" }) else { return base }
      var descending = false
      if let flag = args.first(where: { $0.label == "descending" }) {
        switch flag.value {
        case .literal("true"): descending = true
        case .literal("false"): descending = false
        default:
          return base.failing("the direction of order(by:) is not a constant (\(flag.expression.trimmedDescription))")
        }
      }
      guard let field = by.value.field else {
        return base.failing("the field of order(by:) is not a constant (\(by.expression.trimmedDescription))")
      }
      return base.adding(.orderBy(field, descending: descending))
    case "limit":
      if let to = args.first(where: { $0.label == "to" }) { return base.adding(.limit(limitValue(to.value))) }
      if let last = args.first(where: { $0.label == "toLast" }) {
        return base.adding(.limitToLast(limitValue(last.value)))
      }
      return base
    case "start", "end":
      // Cursors never change the index a query needs.
      return base
    case "aggregate":
      guard let first = args.first, case .array(let parts) = first.value else {
        return base.failing("the fields of aggregate([...]) are not a literal array")
      }
      var value = base
      for part in parts {
        guard case .constraint(let step?) = part else {
          return base.failing("an aggregation of aggregate([...]) is not constant")
        }
        value = value.adding(step)
      }
      return value
    case "document":
      // A collection chosen at run time (`collection(isA ? "a" : "b")`) gives one of its documents.
      guard states.allSatisfy({ $0.scope == .collection && $0.problem == nil }) else {
        return .unknown("document")
      }
      let id = args.first.map(segment) ?? "{id}"
      let documents = states.map { SourceValue.document($0.path + [id]) }
      return documents.count == 1 ? documents[0] : .oneOf(documents)
    default:
      return nil
    }
  }

  /// A method of the database or of a document reference: `collection(_:)`, `collectionGroup(_:)`
  /// (the database only), `document(_:)`.
  static func documentMethod(_ method: String, under path: [String], _ args: [SwiftArgument]) -> SourceValue? {
    guard args.count == 1, let first = args.first, first.label == nil else { return nil }
    switch method {
    case "collection", "collectionGroup":
      let kind: QuerySource.Kind = method == "collection" ? .collection : .collectionGroup
      guard kind == .collection || path.isEmpty else { return nil }
      guard let paths = collectionPaths(first.value) else {
        return QueryState.computedCollection(kind, under: path, written: first.expression.trimmedDescription)
      }
      return .query(paths.map { QueryState(scope: kind, path: path + $0) })
    case "document":
      if case .string(let text) = first.value, !path.isEmpty || text.contains("/") {
        return .document(path + text.split(separator: "/").map(String.init))
      }
      return path.isEmpty ? nil : .document(path + [segment(first)])
    default:
      return nil
    }
  }

  // MARK: Parts

  private static func filter(_ method: String, _ args: [SwiftArgument]) -> SourceValue {
    switch method {
    case "whereField":
      return whereField(args)
    case "orFilter", "andFilter":
      guard let first = args.first, case .array(let parts) = first.value else {
        return .badFilter("the filters of Filter.\(method) are not a literal array")
      }
      var filters: [SourceFilter] = []
      for part in parts {
        switch part {
        case .filter(let filter): filters.append(filter)
        case .badFilter(let reason): return .badFilter(reason)
        default: return .badFilter("a filter of Filter.\(method) is not a constant filter")
        }
      }
      return .filter(.composite(isOr: method == "orFilter", filters))
    default:
      return .badFilter("unknown filter Filter.\(method)")
    }
  }

  private static func aggregateField(_ method: String, _ args: [SwiftArgument]) -> SourceValue? {
    switch method {
    case "count": return .constraint(.count)
    case "sum", "average":
      guard let field = args.first?.value.field else { return .constraint(nil) }
      return .constraint(method == "sum" ? .sum(field) : .average(field))
    default: return nil
    }
  }

  private static func whereField(_ args: [SwiftArgument]) -> SourceValue {
    guard args.count == 2, let label = args[1].label, let op = whereLabels[label] else {
      return .badFilter("whereField with labels Flint does not know")
    }
    return fieldFilter(args[0].value, op: op, value: args[1].value, fieldText: args[0].expression.trimmedDescription)
  }

  private static func withFilter(_ base: SourceValue, _ filter: SourceValue) -> SourceValue {
    switch filter {
    case .filter(let f): base.adding(.filter(f))
    case .badFilter(let reason): base.failing(reason)
    default: base.failing("the filter is not a constant Filter")
    }
  }

  private static func segment(_ argument: SwiftArgument) -> String {
    if case .string(let text) = argument.value { return text }
    return "{\(DSLText.placeholder(argument.expression.trimmedDescription))}"
  }

  /// A limit's value; one that is not a constant is planned as 1 (it never changes the index).
  private static func limitValue(_ value: SourceValue) -> String {
    if case .literal(let text) = value, Int(text) != nil { return text }
    return "1"
  }
}
