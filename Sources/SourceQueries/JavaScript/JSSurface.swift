/// The JavaScript SDKs' calls: the modular SDK's functions (`query(collection(db, "a"),
/// where(...), orderBy(...))`, `getDocs`, `getCountFromServer`), and the namespaced and Admin
/// SDKs' chains (`db.collection("a").where(...).orderBy(...).get()`, `Filter.where`).
struct JSSurface: ChainSurface {
  func call(_ name: String, _ args: [ChainArgument], reader: ChainEvaluator) -> SourceValue? {
    let values = args.map(\.value)
    switch name {
    case "collection", "collectionGroup":
      // The modular SDK's function (itself an entry point): its first argument is the database
      // (a name Flint may not know), a document or a collection.
      guard reader.functions[name] == nil, let first = args.first else { return nil }
      switch first.value {
      case .query, .document, .unknown: break
      default: return nil
      }
      return reader.root(
        name == "collection" ? .collection : .collectionGroup, under: reader.basePath(first.value) ?? [],
        args.dropFirst())
    case "doc":
      guard reader.functions[name] == nil, let base = values.first else { return nil }
      switch base {
      case .query, .document, .unknown: break
      default: return nil
      }
      return reader.document(base, args.dropFirst())
    case "addDoc", "setDoc", "updateDoc", "deleteDoc", "getDoc", "getDocFromServer", "getDocFromCache":
      // Writes and single-document reads: no query.
      return .unknown("document")
    case "useMemo":
      // React's `useMemo(() => query(...), [deps])` is what its callback returns (a query built
      // in a component, run by a hook such as react-firebase-hooks' `useCollection(q)`).
      guard reader.functions[name] == nil, let first = args.first else { return nil }
      return reader.lambdaReturns[first.range.lowerBound] ?? .unknown("value")
    case "getFirestore", "initializeFirestore", "Firestore":
      // The modular and Admin SDKs' `getFirestore(app)`, `new Firestore()` (@google-cloud/firestore).
      guard reader.functions[name] == nil, name != "Firestore" || reader.importsFirestore else { return nil }
      return .database
    case "query":
      // A constraint chosen by a branch (`where(admin ? "owner" : "member", ...)`): one variant each.
      return reader.expandingChoices(args, first: args.count) { query($0, reader: reader) }
    case "where":
      // `where(admin ? "owner" : "member", "==", uid)`: one filter per field, for `query(...)`
      // (as `orderBy` with a chosen field or direction).
      let each = reader.combinations(args, first: 2)
      return each.count == 1 ? whereFilter(args, reader: reader) : .oneOf(each.map { whereFilter($0, reader: reader) })
    case "or", "and":
      return reader.composite(isOr: name == "or", args)
    case "orderBy":
      let each = reader.combinations(args, first: 2)
      return each.count == 1 ? orderBy(args, reader: reader) : .oneOf(each.map { orderBy($0, reader: reader) })
    case "limit", "limitToLast":
      let value = reader.limitValue(values.first)
      return .constraint(name == "limit" ? .limit(value) : .limitToLast(value))
    case "startAt", "startAfter", "endAt", "endBefore":
      return .constraint(nil)
    case "documentId":
      return .field(.documentID)
    case "FieldPath":
      return reader.fieldPath(values)
    case "count":
      return args.isEmpty ? .constraint(.count) : .unknown("count")
    case "sum", "average":
      return reader.aggregation(name, values.first)
    case "getDocs", "getDocsFromServer", "getDocsFromCache", "onSnapshot", "getCountFromServer", "getCount",
      "getAggregateFromServer", "getAggregate":
      guard let first = args.first, case .query = first.value else { return .unknown("snapshot") }
      var run = first.value
      if name == "getCountFromServer" || name == "getCount" { run = run.adding(.count) }
      if name == "getAggregateFromServer" || name == "getAggregate" {
        run = aggregations(run, args.count > 1 ? args[1].value : .object([]), reader: reader)
      }
      reader.report(run, tokens: first.range)
      return .unknown("snapshot")
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
      switch member {
      case "where":
        guard args.count == 3, case .string = values[1] else {
          return .badFilter("Filter.where with an operator that is not a constant")
        }
        return whereFilter(args, reader: reader)
      case "or", "and": return reader.composite(isOr: member == "or", args)
      default: return .badFilter("unknown filter Filter.\(member)")
      }
    }
    if member == "documentId", args.isEmpty { return .field(.documentID) }
    // `admin.firestore()`, `firebase.firestore()`, `app.firestore()`.
    if member == "firestore", args.count <= 1 { return .database }
    // `new admin.firestore.FieldPath("a", "b")`, `new firebase.firestore.FieldPath(...)`.
    if member == "FieldPath" { return reader.fieldPath(values) }
    if baseName == "AggregateField" {
      switch member {
      case "count", "sum", "average": return reader.aggregation(member, values.first)
      default: return .unknown(member)
      }
    }
    switch base {
    case .query(let states):
      switch member {
      case "where":
        if args.count == 1 { return reader.adding(values[0], to: base, args[0]) }
        guard args.count == 3 else { return base.failing("where() with \(args.count) arguments") }
        return reader.expandingChoices(args, first: 2) {
          reader.adding(whereFilter($0, reader: reader), to: base, $0[0])
        }
      case "orderBy":
        return reader.expandingChoices(args, first: 2) {
          reader.adding(constraint: orderBy($0, reader: reader), to: base)
        }
      case "limit": return base.adding(.limit(reader.limitValue(values.first)))
      case "limitToLast": return base.adding(.limitToLast(reader.limitValue(values.first)))
      case "startAt", "startAfter", "endAt", "endBefore", "offset", "select", "withConverter": return base
      case "count": return base.adding(.count)
      case "aggregate": return aggregations(base, values.first ?? .object([]), reader: reader)
      case "add":
        // A write: no query.
        return .unknown("write")
      case "doc":
        guard states.count == 1, states[0].scope == .collection else { return .unknown("doc") }
        return reader.document(base, args[...])
      case "get", "onSnapshot", "stream", "getDocs", "valueChanges", "snapshotChanges", "stateChanges", "auditTrail":
        reader.report(base, tokens: baseRange)
        return .unknown("snapshot")
      default: return nil
      }
    default:
      // AngularFire: `afs.collection("items", ref => ref.where(...))`, the lambda refines the collection.
      if member == "collection" || member == "collectionGroup", args.count == 2,
        let collection = reader.chainedCollection(member, on: base, baseName: baseName, [args[0]], pathArguments: true)
      {
        guard case .query = collection else { return collection }
        return reader.apply(lambdaAt: args[1].range, to: collection, env: reader.program.globalEnv)
          ?? reader.chainedCollection(member, on: base, baseName: baseName, args, pathArguments: true)
      }
      // `doc.collection("c")`, `db.collection("c")`, `db.collectionGroup("c")`.
      return reader.chainedCollection(member, on: base, baseName: baseName, args, pathArguments: true)
    }
  }

  func property(_ member: String, on base: SourceValue, baseName: String?) -> SourceValue? { nil }

  /// `query(base, constraints...)`: the base with every constraint, or failing with the first
  /// that is not constant (never a clause less).
  private func query(_ args: [ChainArgument], reader: ChainEvaluator) -> SourceValue {
    guard var query = args.first?.value, case .query = query else { return .unknown("query") }
    for argument in args.dropFirst() {
      var notConstant: String {
        "a query constraint is not constant (\(SourceFindings.oneLine(reader.text(argument.range))))"
      }
      switch argument.value {
      case .filter(let filter): query = query.adding(.filter(filter))
      case .badFilter(let reason): query = query.failing(reason)
      case .constraint(let step?): query = query.adding(step)
      case .constraint(nil): break
      case .array(let list):
        for item in list {
          if case .filter(let filter) = item {
            query = query.adding(.filter(filter))
          } else if case .constraint(let step?) = item {
            query = query.adding(step)
          } else if case .constraint(nil) = item {
          } else {
            query = query.failing(notConstant)
          }
        }
      default: query = query.failing(notConstant)
      }
    }
    return query
  }

  /// `where(field, op, value)`: a field filter, or why it cannot be resolved.
  private func whereFilter(_ args: [ChainArgument], reader: ChainEvaluator) -> SourceValue {
    guard args.count == 3 else { return .badFilter("where() with \(args.count) arguments") }
    guard case .string(let op) = args[1].value else {
      return .badFilter("the operator is not a constant (\(reader.fieldText(args[1])))")
    }
    return fieldFilter(args[0].value, op: op, value: args[2].value, fieldText: reader.fieldText(args[0]))
  }

  /// `orderBy(field)`, `orderBy(field, "desc")`.
  private func orderBy(_ args: [ChainArgument], reader: ChainEvaluator) -> SourceValue {
    var descending: Bool? = false
    if args.count > 1 {
      if case .string(let direction) = args[1].value, direction == "asc" || direction == "desc" {
        descending = direction == "desc"
      } else {
        descending = nil
      }
    }
    return reader.order(args.first, descending: descending, direction: args.count > 1 ? args[1] : nil)
  }

  /// `getAggregateFromServer(q, { n: count(), s: sum("x") })`.
  private func aggregations(_ query: SourceValue, _ spec: SourceValue, reader: ChainEvaluator) -> SourceValue {
    guard case .object(let members) = spec else { return query.failing("the aggregations are not a constant object") }
    return reader.aggregations(query, members)
  }
}
