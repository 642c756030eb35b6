import FirestoreModel

/// Reads the structured JSON form of a query into the same AST the DSL parser builds:
///
/// ```json
/// {"collection": "users", "where": [["age", ">=", 18], {"or": [["a", "==", 1], ["b", "==", 2]]}],
///  "orderBy": [["age", "desc"]], "limit": 10}
/// ```
///
/// Keys: `collection` | `collectionGroup` (exactly one), `where`, `orderBy`, `startAt`,
/// `startAfter`, `endAt`, `endBefore`, `offset`, `limit`, `limitToLast`, `select`, `count`,
/// `sum`, `avg`. Values are tagged fixture JSON (`{"__timestamp__": ...}`, `{"__ref__": ...}`)
/// plus `{"__var__": "auth.uid"}` for a variable. Unknown keys are errors.
package enum StructuredQueryReader {
  static let knownKeys: Set<String> = [
    "collection", "collectionGroup", "where", "orderBy", "startAt", "startAfter", "endAt", "endBefore",
    "offset", "limit", "limitToLast", "select", "count", "sum", "avg",
  ]

  package static func read(_ json: JSONValue, at path: JSONPath = .root) throws(JSONError) -> Query {
    let object = try json.object(at: path)
    for key in object.keys where !knownKeys.contains(key) {
      throw JSONError("unknown query key \"\(key)\"", path: path.appending(key))
    }
    let source: QuerySource
    switch (try object.optionalString("collection", at: path), try object.optionalString("collectionGroup", at: path)) {
    case (let c?, nil): source = QuerySource(.collection, c)
    case (nil, let g?): source = QuerySource(.collectionGroup, g)
    default: throw JSONError("a query needs exactly one of \"collection\" or \"collectionGroup\"", path: path)
    }
    var steps: [QueryStep] = []
    if let filters = try object.optionalArray("where", at: path) {
      for (i, filter) in filters.enumerated() {
        steps.append(QueryStep(.filter(try readFilter(filter, at: path.appending("where").appending(i)))))
      }
    }
    if let orders = try object.optionalArray("orderBy", at: path) {
      for (i, order) in orders.enumerated() {
        let orderPath = path.appending("orderBy").appending(i)
        switch order {
        case .string(let field):
          steps.append(QueryStep(.orderBy(FieldRef(.dotted(field)), .ascending)))
        case .array(let parts) where (1...2).contains(parts.count):
          let field = try parts[0].string(at: orderPath.appending(0))
          var direction = Direction.ascending
          if parts.count == 2 {
            let text = try parts[1].string(at: orderPath.appending(1))
            guard let parsed = Direction(rawValue: text) else {
              throw JSONError("direction must be \"asc\" or \"desc\"", path: orderPath.appending(1))
            }
            direction = parsed
          }
          steps.append(QueryStep(.orderBy(FieldRef(.dotted(field)), direction)))
        default:
          throw JSONError("an orderBy entry is \"field\" or [\"field\", \"asc\"|\"desc\"]", path: orderPath)
        }
      }
    }
    for cursor in CursorKind.allCases {
      guard let values = try object.optionalArray(cursor.rawValue, at: path) else { continue }
      var exprs: [ValueExpr] = []
      for (i, value) in values.enumerated() {
        exprs.append(try readValue(value, at: path.appending(cursor.rawValue).appending(i)))
      }
      steps.append(QueryStep(.cursor(cursor, exprs)))
    }
    if let value = object["offset"] {
      steps.append(QueryStep(.offset(try readValue(value, at: path.appending("offset")))))
    }
    if let value = object["limit"] {
      steps.append(QueryStep(.limit(try readValue(value, at: path.appending("limit")))))
    }
    if let value = object["limitToLast"] {
      steps.append(QueryStep(.limitToLast(try readValue(value, at: path.appending("limitToLast")))))
    }
    if let fields = try object.optionalArray("select", at: path) {
      var refs: [FieldRef] = []
      for (i, field) in fields.enumerated() {
        refs.append(FieldRef(.dotted(try field.string(at: path.appending("select").appending(i)))))
      }
      steps.append(QueryStep(.select(refs)))
    }
    if try object.optionalBool("count", at: path) == true { steps.append(QueryStep(.aggregate(.count))) }
    for key in ["sum", "avg"] {
      guard let fields = try object.optionalArray(key, at: path) else { continue }
      for (i, field) in fields.enumerated() {
        let ref = FieldRef(.dotted(try field.string(at: path.appending(key).appending(i))))
        steps.append(QueryStep(.aggregate(key == "sum" ? .sum(ref) : .average(ref))))
      }
    }
    return Query(source: source, steps: steps)
  }

  /// `[field, op, value]`, or `{"or": [...]}` / `{"and": [...]}`.
  static func readFilter(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> FilterExpr {
    if case .object(let object) = json, object.count == 1, let key = object.keys.first,
      let op = CompositeOperator(rawValue: key)
    {
      let children = try object.array(key, at: path)
      var filters: [FilterExpr] = []
      for (i, child) in children.enumerated() {
        filters.append(try readFilter(child, at: path.appending(key).appending(i)))
      }
      return FilterExpr(.composite(op, filters))
    }
    guard case .array(let parts) = json, parts.count == 3 else {
      throw JSONError("a filter is [field, op, value], {\"or\": [...]} or {\"and\": [...]}", path: path)
    }
    let field = try parts[0].string(at: path.appending(0))
    let opText = try parts[1].string(at: path.appending(1))
    guard let op = FilterOperator(rawValue: opText) else {
      throw JSONError("invalid query operator '\(opText)'", path: path.appending(1))
    }
    let ref = field == "__name__" ? FieldRef(.documentID) : FieldRef(.dotted(field))
    return FilterExpr(.field(ref, op, try readValue(parts[2], at: path.appending(2))))
  }

  /// A tagged-JSON value (or `{"__var__": "a.b"}`) as a value expression.
  static func readValue(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> ValueExpr {
    switch json {
    case .array(let items):
      var out: [ValueExpr] = []
      for (i, item) in items.enumerated() { out.append(try readValue(item, at: path.appending(i))) }
      return ValueExpr(.array(out))
    case .object(let object):
      if object.count == 1, let name = try object.optionalString("__var__", at: path) {
        return ValueExpr(.variable(name.split(separator: ".").map(String.init)))
      }
      if object.count == 1, let key = object.keys.first, key.hasPrefix("__"), key.hasSuffix("__") {
        return expr(for: try TaggedJSONDecoder().value(json, at: path))
      }
      var entries: [ValueMapEntry] = []
      for member in object.members {
        entries.append(
          ValueMapEntry(key: member.key, value: try readValue(member.value, at: path.appending(member.key))))
      }
      return ValueExpr(.map(entries))
    default:
      return expr(for: try TaggedJSONDecoder().value(json, at: path))
    }
  }

  /// A decoded value spelled as the DSL would write it.
  static func expr(for value: Value) -> ValueExpr {
    switch value {
    case .null: ValueExpr(.null)
    case .boolean(let b): ValueExpr(.bool(b))
    case .integer(let i): ValueExpr(.integer(i))
    case .double(let d): ValueExpr(.double(d))
    case .string(let s): ValueExpr(.string(s))
    case .timestamp(let t): ValueExpr(.timestamp(t.rfc3339))
    case .bytes(let b): ValueExpr(.bytes(Base64.encode(b)))
    case .reference(let p): ValueExpr(.reference("/\(p)"))
    case .geoPoint(let g): ValueExpr(.geoPoint(g.latitude, g.longitude))
    case .array(let items): ValueExpr(.array(items.map(expr(for:))))
    case .map(let entries):
      ValueExpr(.map(Value.sortedKeys(entries).map { ValueMapEntry(key: $0, value: expr(for: entries[$0]!)) }))
    }
  }
}
