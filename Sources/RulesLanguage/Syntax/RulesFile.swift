/// The root of a parsed `firestore.rules` file.
///
/// Equality ignores source ranges in every node (see `SourceRange`).
public struct RulesFile: Hashable, Sendable {
  /// `rules_version = '2';` if present.
  public var version: RulesVersionDecl?
  /// Functions declared at top level, before `service`.
  public var functions: [FunctionDecl]
  /// The `service` block; nil only when parsing failed before it.
  public var service: ServiceDecl?
  public var range: SourceRange

  public init(version: RulesVersionDecl?, functions: [FunctionDecl], service: ServiceDecl?, range: SourceRange) {
    self.version = version
    self.functions = functions
    self.service = service
    self.range = range
  }

  /// The effective language version: 1 when `rules_version` is absent, else its value.
  public var languageVersion: RulesVersion {
    version?.version ?? .v1
  }

  public static func == (lhs: RulesFile, rhs: RulesFile) -> Bool {
    lhs.version == rhs.version && lhs.functions == rhs.functions && lhs.service == rhs.service
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(version)
    hasher.combine(functions)
    hasher.combine(service)
  }
}

/// The rules language version, which changes `{x=**}` semantics and allows `let`.
public enum RulesVersion: String, Hashable, Sendable {
  case v1 = "1"
  case v2 = "2"
}

/// `rules_version = '2';`
public struct RulesVersionDecl: Hashable, Sendable {
  /// The string literal's value as written (`"1"`, `"2"`, or something invalid).
  public var value: String
  public var range: SourceRange

  public init(value: String, range: SourceRange) {
    self.value = value
    self.range = range
  }

  /// The version, if the value is one the engine knows.
  public var version: RulesVersion? { RulesVersion(rawValue: value) }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// `service cloud.firestore { ... }`
public struct ServiceDecl: Hashable, Sendable {
  /// The dotted service name, e.g. `cloud.firestore`.
  public var name: Identifier
  /// Functions and match blocks, in source order.
  public var items: [MatchItem]
  public var range: SourceRange

  public init(name: Identifier, items: [MatchItem], range: SourceRange) {
    self.name = name
    self.items = items
    self.range = range
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name && lhs.items == rhs.items }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(items)
  }
}

/// A name with the place it was written.
public struct Identifier: Hashable, Sendable, CustomStringConvertible {
  public var name: String
  public var range: SourceRange

  public init(_ name: String, range: SourceRange = .none) {
    self.name = name
    self.range = range
  }

  public var description: String { name }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
