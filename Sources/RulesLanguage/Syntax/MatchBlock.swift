/// An item inside a `service` or `match` body, kept in source order.
package enum MatchItem: Hashable, Sendable {
  case match(MatchBlock)
  case allow(AllowStatement)
  case function(FunctionDecl)
}

/// `match /path/{wildcard} { ... }`
package struct MatchBlock: Hashable, Sendable {
  package var path: MatchPath
  package var items: [MatchItem]
  package var range: SourceRange

  package init(path: MatchPath, items: [MatchItem], range: SourceRange) {
    self.path = path
    self.items = items
    self.range = range
  }

  package var matches: [MatchBlock] {
    items.compactMap { if case .match(let m) = $0 { m } else { nil } }
  }

  package var allows: [AllowStatement] {
    items.compactMap { if case .allow(let a) = $0 { a } else { nil } }
  }

  package var functions: [FunctionDecl] {
    items.compactMap { if case .function(let f) = $0 { f } else { nil } }
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.path == rhs.path && lhs.items == rhs.items }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(items)
  }
}

/// The path of a `match` header: `/databases/{database}/documents`.
package struct MatchPath: Hashable, Sendable, CustomStringConvertible {
  package var segments: [MatchSegment]
  package var range: SourceRange

  package init(segments: [MatchSegment], range: SourceRange) {
    self.segments = segments
    self.range = range
  }

  /// Canonical text, e.g. `/users/{uid}/{rest=**}`.
  package var description: String {
    segments.map { "/" + $0.description }.joined()
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.segments == rhs.segments }
  package func hash(into hasher: inout Hasher) { hasher.combine(segments) }
}

/// One segment of a match path.
package struct MatchSegment: Hashable, Sendable, CustomStringConvertible {
  package enum Kind: Hashable, Sendable {
    /// A literal segment such as `users` or `documents`.
    case literal(String)
    /// `{name}`: exactly one segment, bound as a string.
    case wildcard(String)
    /// `{name=**}`: a run of segments (1+ under v1, 0+ under v2), bound as a path.
    case recursiveWildcard(String)
  }

  package var kind: Kind
  package var range: SourceRange

  package init(_ kind: Kind, range: SourceRange = .none) {
    self.kind = kind
    self.range = range
  }

  /// The variable this segment binds, if any.
  package var variable: String? {
    switch kind {
    case .literal: nil
    case .wildcard(let name), .recursiveWildcard(let name): name
    }
  }

  package var description: String {
    switch kind {
    case .literal(let text): text
    case .wildcard(let name): "{\(name)}"
    case .recursiveWildcard(let name): "{\(name)=**}"
    }
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
  package func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// `allow read, write: if condition;`
package struct AllowStatement: Hashable, Sendable {
  package var methods: [MethodName]
  /// nil for `allow read;`, which always grants.
  package var condition: Expr?
  package var range: SourceRange

  package init(methods: [MethodName], condition: Expr?, range: SourceRange) {
    self.methods = methods
    self.condition = condition
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.methods == rhs.methods && lhs.condition == rhs.condition
  }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(methods)
    hasher.combine(condition)
  }
}

/// A method named in an `allow` statement, with where it was written.
package struct MethodName: Hashable, Sendable {
  package var method: Method
  package var range: SourceRange

  package init(_ method: Method, range: SourceRange = .none) {
    self.method = method
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.method == rhs.method }
  package func hash(into hasher: inout Hasher) { hasher.combine(method) }
}

/// The methods an `allow` statement can name. `read` and `write` are groups.
package enum Method: String, Hashable, Sendable, CaseIterable {
  case read, write, get, list, create, update, delete

  /// The request methods this name grants: `read` = get+list, `write` = create+update+delete.
  package var requestMethods: [Method] {
    switch self {
    case .read: [.get, .list]
    case .write: [.create, .update, .delete]
    default: [self]
    }
  }
}
