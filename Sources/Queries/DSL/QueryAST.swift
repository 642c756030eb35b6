import FirestoreModel
import RulesLanguage

/// A parsed query: its source and its steps in the order they were written.
/// Equality ignores source ranges.
package struct Query: Hashable, Sendable {
  package var source: QuerySource
  package var steps: [QueryStep]
  package var range: SourceRange

  package init(source: QuerySource, steps: [QueryStep] = [], range: SourceRange = .none) {
    self.source = source
    self.steps = steps
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.source == rhs.source && lhs.steps == rhs.steps }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(steps)
  }
}

/// `collection("a/b/c")` or `collectionGroup("c")`, with the path as written: literal text and
/// the values of segments held in variables (`collection(db, "orgs", orgId, "projects")`,
/// `` `users/${uid}/posts` ``), which validation substitutes when they are bound.
package struct QuerySource: Hashable, Sendable {
  package enum Kind: String, Hashable, Sendable {
    case collection
    case collectionGroup
  }

  package var kind: Kind
  /// The path's pieces, concatenated in order (the parser puts a `/` text between arguments).
  package var parts: [QueryPathPart]
  package var range: SourceRange

  package init(_ kind: Kind, _ path: String, range: SourceRange = .none) {
    self.init(kind, parts: [.text(path)], range: range)
  }

  /// Adjacent text parts are joined: equal paths have equal parts however they were written.
  package init(_ kind: Kind, parts: [QueryPathPart], range: SourceRange = .none) {
    self.kind = kind
    var joined: [QueryPathPart] = []
    for part in parts {
      if case .text(let piece) = part, case .text(let previous)? = joined.last {
        joined[joined.count - 1] = .text(previous + piece)
      } else {
        joined.append(part)
      }
    }
    self.parts = joined
    self.range = range
  }

  /// The path (collection) or collection id (group), unvalidated, when every part is literal text.
  package var path: String? {
    var text = ""
    for part in parts {
      guard case .text(let piece) = part else { return nil }
      text += piece
    }
    return text
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind && lhs.parts == rhs.parts }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(parts)
  }
}

/// A piece of a collection path: literal text (which may hold `/`), a value (a path segment
/// held in a variable), or the parent document a reference variable stands for
/// (`collection(userRef, "posts")`): its path when bound, nothing (the root) while unknown.
package enum QueryPathPart: Hashable, Sendable {
  case text(String)
  case value(ValueExpr)
  case parent(ValueExpr)
}

/// One chained call such as `.where(...)` or `.limit(3)`.
package struct QueryStep: Hashable, Sendable {
  package var kind: QueryStepKind
  package var range: SourceRange

  package init(_ kind: QueryStepKind, range: SourceRange = .none) {
    self.kind = kind
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
  package func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// Sort direction of an `orderBy`.
package enum Direction: String, Hashable, Sendable {
  case ascending = "asc"
  case descending = "desc"

  /// The opposite direction (used by `limitToLast`).
  package var flipped: Direction { self == .ascending ? .descending : .ascending }
}

/// The four cursor methods; `rawValue` is the SDK method name used in messages.
package enum CursorKind: String, Hashable, Sendable, CaseIterable {
  case startAt
  case startAfter
  case endAt
  case endBefore

  /// Whether the cursor starts (rather than ends) the result.
  package var isStart: Bool { self == .startAt || self == .startAfter }
  /// Whether the bound includes documents exactly at the position.
  package var isInclusive: Bool { self == .startAt || self == .endAt }
}

/// An aggregation requested with `.count()`, `.sum(f)` or `.avg(f)`.
package enum AggregationKind: Hashable, Sendable {
  case count
  case sum(FieldRef)
  case average(FieldRef)
}

/// Every kind of step. Switch exhaustively.
package indirect enum QueryStepKind: Hashable, Sendable {
  case filter(FilterExpr)
  case orderBy(FieldRef, Direction)
  case limit(ValueExpr)
  case limitToLast(ValueExpr)
  case offset(ValueExpr)
  case cursor(CursorKind, [ValueExpr])
  case select([FieldRef])
  case aggregate(AggregationKind)
  /// Marks the start of a modular `query(q, c1, c2, ...)` call and counts its filter
  /// constraints (the SDK rejects a composite filter next to other filters in one call).
  case queryCall(compositeFilters: Int, fieldFilters: Int)

}

/// A field reference as written.
package struct FieldRef: Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    /// A string such as `"a.b"`: split on dots the way the SDK splits it.
    case dotted(String)
    /// Explicit segments: a bare path such as ``a.`b c` `` or `FieldPath("a", "b")`.
    case segments([String])
    /// `documentId()` / `FieldPath.documentId()`.
    case documentID
  }

  package var kind: Kind
  package var range: SourceRange

  package init(_ kind: Kind, range: SourceRange = .none) {
    self.kind = kind
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
  package func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}
