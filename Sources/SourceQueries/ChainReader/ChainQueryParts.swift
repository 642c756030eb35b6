import Queries

/// The pieces of a query every SDK surface builds the same way from call arguments: roots and
/// paths, documents, composite filters, orders, limits, field paths, aggregations.
extension ChainEvaluator {
  /// A query with one more filter, or failing with the reason the filter cannot be resolved.
  func adding(_ filter: SourceValue, to base: SourceValue, _ argument: ChainArgument?) -> SourceValue {
    switch filter {
    case .filter(let filter): return base.adding(.filter(filter))
    case .badFilter(let reason): return base.failing(reason)
    default: return base.failing("the filter is not constant (\(fieldText(argument)))")
    }
  }

  /// `build` run once per alternative of each `.oneOf` among the first `count` arguments (a
  /// field, an operator, a direction), the results merged: one query variant per combination.
  func expandingChoices(
    _ args: [ChainArgument], first count: Int, _ build: ([ChainArgument]) -> SourceValue
  ) -> SourceValue {
    let each = combinations(args, first: count)
    return each.dropFirst().reduce(build(each[0])) { SourceValue.merge($0, build($1)) }
  }

  /// The arguments once per combination of the alternatives of the `.oneOf`s among the first
  /// `count` (the arguments themselves when there is none); at most a bounded number.
  func combinations(_ args: [ChainArgument], first count: Int) -> [[ChainArgument]] {
    guard let at = args.prefix(count).firstIndex(where: { if case .oneOf = $0.value { true } else { false } }),
      case .oneOf(let options) = args[at].value
    else { return [args] }
    var out: [[ChainArgument]] = []
    for option in options where out.count <= QueryState.maxVariants {
      var each = args
      each[at] = ChainArgument(value: option, range: args[at].range, label: args[at].label)
      out += combinations(each, first: count)
    }
    return out
  }

  /// A query with one more step from a constraint value (`orderBy(...)` as a value).
  func adding(constraint: SourceValue, to base: SourceValue) -> SourceValue {
    switch constraint {
    case .constraint(let step?): return base.adding(step)
    case .badFilter(let reason): return base.failing(reason)
    default: return base
    }
  }

  /// `or(...)`/`and(...)` of filter arguments.
  func composite(isOr: Bool, _ args: [ChainArgument]) -> SourceValue {
    var filters: [SourceFilter] = []
    for argument in args {
      switch argument.value {
      case .filter(let filter): filters.append(filter)
      case .badFilter(let reason): return .badFilter(reason)
      default:
        return .badFilter(
          "a filter of \(isOr ? "or" : "and")() is not constant (\(SourceFindings.oneLine(text(argument.range))))")
      }
    }
    return .filter(.composite(isOr: isOr, filters))
  }

  /// An order on a field argument; `descending` nil when the direction is not a constant.
  func order(_ field: ChainArgument?, descending: Bool?, direction: ChainArgument?) -> SourceValue {
    guard let field, let name = field.value.field else {
      return .badFilter("the field of orderBy is not a constant (\(fieldText(field)))")
    }
    guard let descending else {
      return .badFilter("the direction of orderBy is not a constant (\(fieldText(direction)))")
    }
    return .constraint(.orderBy(name, descending: descending))
  }

  /// A limit's DSL value (a non-constant limit is planned as 1: the value never changes the index).
  func limitValue(_ value: SourceValue?) -> String {
    if case .literal(let text)? = value, Int(text) != nil { return text }
    return "1"
  }

  /// A field path from its segments (each a constant string).
  func fieldPath(_ values: [SourceValue]) -> SourceValue {
    var segments: [String] = []
    for value in values {
      switch value {
      case .string(let text): segments.append(text)
      case .array(let items):
        for item in items {
          guard case .string(let text) = item else { return .unknown("fieldPath") }
          segments.append(text)
        }
      default: return .unknown("fieldPath")
      }
    }
    return segments.isEmpty ? .unknown("fieldPath") : .field(.segments(segments))
  }

  /// An aggregation (`count`, `sum`, `average`) on a field argument.
  func aggregation(_ kind: String, _ field: SourceValue?) -> SourceValue {
    if kind == "count" { return .constraint(.count) }
    guard let field = field?.field else { return .constraint(nil) }
    return .constraint(kind == "sum" ? .sum(field) : .average(field))
  }

  /// A query with the aggregations of `values` (each an aggregation constraint).
  func aggregations(_ query: SourceValue, _ values: [SourceValue]) -> SourceValue {
    var out = query
    for value in values {
      guard case .constraint(let step?) = value else { return query.failing("an aggregation is not constant") }
      out = out.adding(step)
    }
    return out
  }

  /// Path segments of arguments: constants split at `/`, templates and other values as `{name}`.
  func segments(_ args: ArraySlice<ChainArgument>) -> [String] {
    var out: [String] = []
    for argument in args {
      if case .string(let text) = argument.value {
        out += text.split(separator: "/").map(String.init)
      } else if case .pathTemplate(let text) = argument.value {
        out += text.split(separator: "/").map {
          $0.contains("{}") ? "{\(DSLText.placeholder(String($0)))}" : String($0)
        }
      } else {
        out.append("{\(segmentPlaceholder(argument.range))}")
      }
    }
    return out
  }

  /// The placeholder of a computed path segment: named after its text (`{useruid}` for
  /// `user.uid`), or, when the text calls a member of a dotted name (`id.toString()`,
  /// `spaceId.takeIf { it.isNotBlank() } ?: "null"`), after that name (`{spaceId}`).
  func segmentPlaceholder(_ range: Range<Int>) -> String {
    var names: [String] = []
    var j = range.lowerBound
    while j < range.upperBound, tokens[j].kind == .identifier {
      names.append(tokens[j].text)
      j += 1
      while j < range.upperBound, tokens[j].isPunct("!") { j += 1 }
      guard j < range.upperBound, tokens[j].isPunct(".") || tokens[j].isPunct("?.") else { break }
      j += 1
    }
    if j < range.upperBound, names.count >= 2, tokens[j].isPunct("(") || tokens[j].isPunct("{") {
      return DSLText.placeholder(names.dropLast().joined())
    }
    return DSLText.placeholder(text(range))
  }

  /// A collection or collection group under `base` from path arguments (`"a", id, "b"`, `"a/b/c"`).
  func root(_ kind: QuerySource.Kind, under base: [String], _ rest: ArraySlice<ChainArgument>) -> SourceValue {
    guard let last = rest.last else { return .unknown("collection") }
    // `collection(db, admin ? "admins" : "users")`: one variant per collection.
    if case .oneOf(let options) = last.value {
      var merged: SourceValue?
      for option in options {
        var each = rest
        each[each.index(before: each.endIndex)] = ChainArgument(value: option, range: last.range, label: last.label)
        let value = root(kind, under: base, each)
        merged = merged.map { SourceValue.merge($0, value) } ?? value
      }
      if let merged { return merged }
    }
    // The collection id itself must be a constant; document ids along the path need not be.
    guard collectionPath(last.value) != nil else {
      return QueryState.computedCollection(kind, under: base + segments(rest.dropLast()), written: fieldText(last))
    }
    return .query([QueryState(scope: kind, path: base + segments(rest))])
  }

  /// A chained `collection(...)` on a document (`doc.collection("c")`), or a top-level
  /// `collection(...)`/`collectionGroup(...)` on the database (`db.collection("c")`): the step
  /// every SDK spells the same way. `pathArguments` is whether the root call takes several path
  /// arguments (`"a", id, "b"`) or only one. Nil when the member is neither.
  func chainedCollection(
    _ member: String, on base: SourceValue, baseName: String?, _ args: [ChainArgument], pathArguments: Bool
  ) -> SourceValue? {
    guard isDatabase(base, named: baseName != nil) else { return nil }
    if case .document(let path) = base, !path.isEmpty {
      guard member == "collection", let last = args.last else { return nil }
      guard case .string = last.value else {
        return QueryState.computedCollection(.collection, under: path, written: fieldText(last))
      }
      return .query([QueryState(scope: .collection, path: path + segments(args[...]))])
    }
    guard member == "collection" || member == "collectionGroup", pathArguments ? !args.isEmpty : args.count == 1
    else { return nil }
    return root(member == "collection" ? .collection : .collectionGroup, under: [], args[...])
  }

  /// Whether `value` can be a Firestore database or document: one (`getFirestore()`,
  /// `FirebaseFirestore.instance`, a name holding one, in this file or another of the group), or a
  /// value Flint does not know (a parameter, an injected property) in a file that imports a
  /// Firestore SDK. A `collection(...)` on anything else (a MongoDB `db`, a UI list, what an
  /// unknown call returns: `mongo.db("x")`) is no query.
  func isDatabase(_ value: SourceValue, named: Bool = true) -> Bool {
    switch value {
    case .document: true
    case .unknown: named && importsFirestore
    default: false
    }
  }

  var importsFirestore: Bool { index < program.importsFirestore.count && program.importsFirestore[index] }

  /// The path a query or document value stands for, when it is one collection or document.
  func basePath(_ value: SourceValue) -> [String]? {
    switch value {
    case .document(let path): return path
    case .query(let states) where states.count == 1 && states[0].scope == .collection: return states[0].path
    default: return nil
    }
  }

  /// A document of `base` (`doc(collection, id)`, `collection.doc(id)`); no id: an automatic one.
  func document(_ base: SourceValue, _ args: ArraySlice<ChainArgument>) -> SourceValue {
    var path = basePath(base) ?? []
    let more = segments(args)
    path += more
    if more.isEmpty { path.append("{id}") }
    return .document(path)
  }
}

extension SourceValue {
  /// The database itself: the document at the root path (`collection(db, "a")` is `a`).
  static let database = SourceValue.document([])

  /// A query, a reference, a filter or a constraint: what a helper returns when it builds queries.
  var isQueryPart: Bool {
    switch self {
    case .query, .document, .filter, .badFilter, .constraint: true
    case .array(let items): items.contains(where: \.isQueryPart)
    default: false
    }
  }
}
