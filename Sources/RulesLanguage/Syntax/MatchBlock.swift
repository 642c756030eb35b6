/// An item inside a `service` or `match` body, kept in source order.
public enum MatchItem: Hashable, Sendable {
  case match(MatchBlock)
  case allow(AllowStatement)
  case function(FunctionDecl)
}

/// `match /path/{wildcard} { ... }`
public struct MatchBlock: Hashable, Sendable {
  public var path: MatchPath
  public var items: [MatchItem]
  public var range: SourceRange

  public init(path: MatchPath, items: [MatchItem], range: SourceRange) {
    self.path = path
    self.items = items
    self.range = range
  }

  public var matches: [MatchBlock] {
    items.compactMap { if case .match(let m) = $0 { m } else { nil } }
  }

  public var allows: [AllowStatement] {
    items.compactMap { if case .allow(let a) = $0 { a } else { nil } }
  }

  public var functions: [FunctionDecl] {
    items.compactMap { if case .function(let f) = $0 { f } else { nil } }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.path == rhs.path && lhs.items == rhs.items }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(items)
  }
}

/// The path of a `match` header: `/databases/{database}/documents`.
public struct MatchPath: Hashable, Sendable, CustomStringConvertible {
  public var segments: [MatchSegment]
  public var range: SourceRange

  public init(segments: [MatchSegment], range: SourceRange) {
    self.segments = segments
    self.range = range
  }

  /// Canonical text, e.g. `/users/{uid}/{rest=**}`.
  public var description: String {
    segments.map { "/" + $0.description }.joined()
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.segments == rhs.segments }
  public func hash(into hasher: inout Hasher) { hasher.combine(segments) }
}

/// One segment of a match path.
public struct MatchSegment: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// A literal segment such as `users` or `documents`.
    case literal(String)
    /// `{name}`: exactly one segment, bound as a string.
    case wildcard(String)
    /// `{name=**}`: a run of segments (1+ under v1, 0+ under v2), bound as a path.
    case recursiveWildcard(String)
  }

  public var kind: Kind
  public var range: SourceRange

  public init(_ kind: Kind, range: SourceRange = .none) {
    self.kind = kind
    self.range = range
  }

  /// The variable this segment binds, if any.
  public var variable: String? {
    switch kind {
    case .literal: nil
    case .wildcard(let name), .recursiveWildcard(let name): name
    }
  }

  public var description: String {
    switch kind {
    case .literal(let text): text
    case .wildcard(let name): "{\(name)}"
    case .recursiveWildcard(let name): "{\(name)=**}"
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// `allow read, write: if condition;`
public struct AllowStatement: Hashable, Sendable {
  public var methods: [MethodName]
  /// nil for `allow read;`, which always grants.
  public var condition: Expr?
  public var range: SourceRange

  public init(methods: [MethodName], condition: Expr?, range: SourceRange) {
    self.methods = methods
    self.condition = condition
    self.range = range
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.methods == rhs.methods && lhs.condition == rhs.condition
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(methods)
    hasher.combine(condition)
  }
}

/// A method named in an `allow` statement, with where it was written.
public struct MethodName: Hashable, Sendable {
  public var method: Method
  public var range: SourceRange

  public init(_ method: Method, range: SourceRange = .none) {
    self.method = method
    self.range = range
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.method == rhs.method }
  public func hash(into hasher: inout Hasher) { hasher.combine(method) }
}

/// The methods an `allow` statement can name. `read` and `write` are groups.
public enum Method: String, Hashable, Sendable, CaseIterable {
  case read, write, get, list, create, update, delete

  /// The request methods this name grants: `read` = get+list, `write` = create+update+delete.
  public var requestMethods: [Method] {
    switch self {
    case .read: [.get, .list]
    case .write: [.create, .update, .delete]
    default: [self]
    }
  }
}
