/// FlutterFire's (`cloud_firestore`) calls: `FirebaseFirestore.instance.collection('x')`,
/// `doc`, `collectionGroup`, `where('f', isEqualTo: v)` and every other named condition (one
/// `where` may carry several), `where(Filter.or(Filter('a', isEqualTo: 1), ...))`,
/// `orderBy('f', descending: true)`, `limit`, `limitToLast`, cursors, `count()`,
/// `aggregate(count(), sum('x'), average('y'))`, `get()`, `snapshots()`, `FieldPath([...])`,
/// `FieldPath.documentId`, `withConverter` (the same query).
struct FlutterSurface: ChainSurface {
  /// The named conditions of `where` and `Filter(...)` and their operators (JS spelling).
  static let conditions: [String: String] = [
    "isEqualTo": "==", "isNotEqualTo": "!=", "isLessThan": "<", "isLessThanOrEqualTo": "<=", "isGreaterThan": ">",
    "isGreaterThanOrEqualTo": ">=", "arrayContains": "array-contains", "arrayContainsAny": "array-contains-any",
    "whereIn": "in", "whereNotIn": "not-in", "isNull": "==",
  ]

  func call(_ name: String, _ args: [ChainArgument], reader: ChainEvaluator) -> SourceValue? {
    switch name {
    case "Filter":
      let filters = conditions(args, reader: reader)
      guard filters.count == 1 else {
        return filters.first { if case .badFilter = $0 { true } else { false } }
          ?? .badFilter("Filter() needs exactly one condition, it has \(filters.count)")
      }
      return filters[0]
    case "FieldPath":
      return reader.fieldPath(args.map(\.value))
    case "count", "sum", "average":
      return reader.aggregation(name, args.first?.value)
    default:
      return nil
    }
  }

  func method(
    _ member: String, on base: SourceValue, baseName: String?, baseRange: Range<Int>, _ args: [ChainArgument],
    reader: ChainEvaluator
  ) -> SourceValue? {
    let values = args.map(\.value)
    if baseName == "Filter" {
      guard member == "or" || member == "and" else { return .badFilter("unknown filter Filter.\(member)") }
      return reader.composite(isOr: member == "or", args)
    }
    if baseName == "FirebaseFirestore", member == "instanceFor" { return .database }
    if baseName == "AggregateField", ["count", "sum", "average"].contains(member) {
      return reader.aggregation(member, values.first)
    }
    switch base {
    case .query(let states):
      switch member {
      case "where":
        if args.count == 1, args[0].label == nil { return reader.adding(values[0], to: base, args[0]) }
        var out = base
        let filters = conditions(args, reader: reader)
        if filters.isEmpty { return base.failing("where() without a condition") }
        for filter in filters { out = reader.adding(filter, to: out, args.first) }
        return out
      case "orderBy":
        var descending: Bool? = false
        let direction = args.first { $0.label == "descending" }
        if let direction {
          switch direction.value {
          case .literal("true"): descending = true
          case .literal("false"): descending = false
          default: descending = nil
          }
        }
        return reader.adding(
          constraint: reader.order(args.first { $0.label == nil }, descending: descending, direction: direction),
          to: base)
      case "limit": return base.adding(.limit(reader.limitValue(values.first)))
      case "limitToLast": return base.adding(.limitToLast(reader.limitValue(values.first)))
      case "startAt", "startAfter", "endAt", "endBefore", "startAtDocument", "startAfterDocument", "endAtDocument",
        "endBeforeDocument", "withConverter":
        return base
      case "count": return base.adding(.count)
      case "aggregate": return reader.aggregations(base, values)
      case "add":
        // A write: no query.
        return .unknown("write")
      case "doc", "document":
        guard states.count == 1, states[0].scope == .collection else { return .unknown("doc") }
        return reader.document(base, args[...])
      case "get", "snapshots":
        reader.report(base, tokens: baseRange)
        return .unknown("snapshot")
      default: return nil
      }
    case .document:
      if member == "withConverter" { return base }
      return reader.chainedCollection(member, on: base, baseName: baseName, args, pathArguments: false)
    default:
      return reader.chainedCollection(member, on: base, baseName: baseName, args, pathArguments: false)
    }
  }

  /// `FieldPath.documentId` (a static getter in Dart).
  func property(_ member: String, on base: SourceValue, baseName: String?) -> SourceValue? {
    if baseName == "FirebaseFirestore" || baseName == "Firestore", member == "instance" { return .database }
    return baseName == "FieldPath" && member == "documentId" ? .field(.documentID) : nil
  }

  /// The filters of `(field, isEqualTo: v, isLessThan: w, ...)`: one per named condition.
  private func conditions(_ args: [ChainArgument], reader: ChainEvaluator) -> [SourceValue] {
    guard let field = args.first, field.label == nil else { return [.badFilter("a filter without a field")] }
    var out: [SourceValue] = []
    for argument in args.dropFirst() {
      guard let label = argument.label, let op = Self.conditions[label] else {
        out.append(.badFilter("unknown condition \(argument.label ?? "without a name") in where()"))
        continue
      }
      var value = argument.value
      var finalOp = op
      if label == "isNull" {
        switch argument.value {
        case .literal("true"): finalOp = "=="
        case .literal("false"): finalOp = "!="
        default:
          out.append(.badFilter("isNull is not a constant (\(reader.fieldText(argument)))"))
          continue
        }
        value = .literal("null")
      }
      out.append(fieldFilter(field.value, op: finalOp, value: value, fieldText: reader.fieldText(field)))
    }
    return out
  }
}
