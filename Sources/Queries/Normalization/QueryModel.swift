import FirestoreModel
import RulesLanguage

/// Where a query reads: one collection, or every collection with an id (under a parent).
package enum QueryScope: Hashable, Sendable, CustomStringConvertible {
  case collection(ResourcePath)
  case collectionGroup(id: String, parent: ResourcePath)

  /// The collection id (last segment of the collection path, or the group id).
  package var collectionID: String {
    switch self {
    case .collection(let path): path.lastSegment ?? ""
    case .collectionGroup(let id, _): id
    }
  }

  package var isCollectionGroup: Bool {
    if case .collectionGroup = self { return true }
    return false
  }

  /// The path that document-id values are relative to: the collection path, or the
  /// group's parent.
  package var basePath: ResourcePath {
    switch self {
    case .collection(let path): path
    case .collectionGroup(_, let parent): parent
    }
  }

  /// The stand-in for a document whose id is the unknown value `name`: `{name}` in the
  /// collection (or, for a group, in a root collection of the group).
  func placeholderDocument(_ name: String) -> ResourcePath {
    let id = "{" + name + "}"
    switch self {
    case .collection(let path): return ResourcePath(segments: path.segments + [id])
    case .collectionGroup(let group, let parent): return ResourcePath(segments: parent.segments + [group, id])
    }
  }

  package var description: String {
    switch self {
    case .collection(let path): "collection(\(path))"
    case .collectionGroup(let id, let parent):
      parent.segments.isEmpty ? "collectionGroup(\(id))" : "collectionGroup(\(id) under \(parent))"
    }
  }
}

/// A resolved `field op value` filter. The range points at the step that added it.
package struct FieldFilter: Hashable, Sendable, CustomStringConvertible {
  package var field: FieldPath
  package var op: FilterOperator
  package var value: Value
  package var range: SourceRange

  package init(_ field: FieldPath, _ op: FilterOperator, _ value: Value, range: SourceRange = .none) {
    self.field = field
    self.op = op
    self.value = value
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.field == rhs.field && lhs.op == rhs.op && lhs.value == rhs.value
  }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(field)
    hasher.combine(op)
    hasher.combine(value)
  }

  /// `== null`/`== NaN` and `!= null`/`!= NaN` travel as unary filters (IS_NULL, ...).
  package var wireName: String {
    switch (op, value) {
    case (.equal, .null): "IS_NULL"
    case (.notEqual, .null): "IS_NOT_NULL"
    case (.equal, .double(let d)) where d.isNaN: "IS_NAN"
    case (.notEqual, .double(let d)) where d.isNaN: "IS_NOT_NAN"
    default: op.wireName
    }
  }

  package var description: String { "\(field) \(op.rawValue) \(QueryLiteral.render(value))" }
}

/// A resolved filter tree.
package indirect enum Filter: Hashable, Sendable, CustomStringConvertible {
  case field(FieldFilter)
  case composite(CompositeOperator, [Filter])

  /// Every field filter, depth first in written order (the SDK's "flattened filters").
  package var flattened: [FieldFilter] {
    if case .field(let f) = self { return [f] }
    var out: [FieldFilter] = []
    appendFlattened(to: &out)
    return out
  }

  /// Appends `flattened` to `out` without building an array per tree node.
  func appendFlattened(to out: inout [FieldFilter]) {
    switch self {
    case .field(let f): out.append(f)
    case .composite(_, let children):
      for child in children { child.appendFlattened(to: &out) }
    }
  }

  /// Whether the tree holds at least one field filter (`!flattened.isEmpty`, without building it).
  var hasFieldFilter: Bool {
    switch self {
    case .field: true
    case .composite(_, let children): children.contains { $0.hasFieldFilter }
    }
  }

  /// Every field filter of a list of filters, flattened in written order.
  static func flatten(_ filters: [Filter]) -> [FieldFilter] {
    var out: [FieldFilter] = []
    out.reserveCapacity(filters.count)
    for filter in filters { filter.appendFlattened(to: &out) }
    return out
  }

  /// Whether the tree holds an OR with two or more children.
  package var containsDisjunction: Bool {
    switch self {
    case .field: false
    case .composite(let op, let children):
      (op == .or && children.count > 1) || children.contains { $0.containsDisjunction }
    }
  }

  package var description: String {
    switch self {
    case .field(let f): f.description
    case .composite(let op, let children): "\(op.rawValue)(\(children.map(\.description).joined(separator: ", ")))"
    }
  }
}

/// One sort order.
package struct OrderBy: Hashable, Sendable, CustomStringConvertible {
  package var field: FieldPath
  package var direction: Direction
  package var range: SourceRange

  package init(_ field: FieldPath, _ direction: Direction = .ascending, range: SourceRange = .none) {
    self.field = field
    self.direction = direction
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.field == rhs.field && lhs.direction == rhs.direction }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(field)
    hasher.combine(direction)
  }

  package var description: String { "\(field) \(direction.rawValue)" }
}

/// A cursor position: values for the leading order-by fields (references for `__name__`).
package struct Bound: Hashable, Sendable, CustomStringConvertible {
  package var position: [Value]
  package var inclusive: Bool

  package init(position: [Value], inclusive: Bool) {
    self.position = position
    self.inclusive = inclusive
  }

  package var description: String {
    "[\(position.map(QueryLiteral.render).joined(separator: ", "))]\(inclusive ? " inclusive" : " exclusive")"
  }
}

/// A resolved aggregation.
package enum Aggregation: Hashable, Sendable, CustomStringConvertible {
  case count
  case sum(FieldPath)
  case average(FieldPath)

  /// The field it reads, if any.
  package var field: FieldPath? {
    switch self {
    case .count: nil
    case .sum(let f), .average(let f): f
    }
  }

  /// The result's name: `count`, `sum(f)`, `avg(f)`.
  package var alias: String { description }

  package var description: String {
    switch self {
    case .count: "count"
    case .sum(let f): "sum(\(f))"
    case .average(let f): "avg(\(f))"
    }
  }
}
