/// The root of a parsed `firestore.rules` file.
///
/// Equality ignores source ranges in every node (see `SourceRange`).
package struct RulesFile: Hashable, Sendable {
  /// `rules_version = '2';` if present.
  package var version: RulesVersionDecl?
  /// Functions declared at top level, before `service`.
  package var functions: [FunctionDecl]
  /// The `service` block; nil only when parsing failed before it.
  package var service: ServiceDecl?
  package var range: SourceRange

  package init(version: RulesVersionDecl?, functions: [FunctionDecl], service: ServiceDecl?, range: SourceRange) {
    self.version = version
    self.functions = functions
    self.service = service
    self.range = range
  }

  /// The effective language version: 1 when `rules_version` is absent, else its value.
  package var languageVersion: RulesVersion {
    version?.version ?? .v1
  }

  package static func == (lhs: RulesFile, rhs: RulesFile) -> Bool {
    lhs.version == rhs.version && lhs.functions == rhs.functions && lhs.service == rhs.service
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(version)
    hasher.combine(functions)
    hasher.combine(service)
  }
}

/// The rules language version, which changes `{x=**}` semantics and allows `let`.
package enum RulesVersion: String, Hashable, Sendable {
  case v1 = "1"
  case v2 = "2"
}

/// `rules_version = '2';`
package struct RulesVersionDecl: Hashable, Sendable {
  /// The string literal's value as written (`"1"`, `"2"`, or something invalid).
  package var value: String
  package var range: SourceRange

  package init(value: String, range: SourceRange) {
    self.value = value
    self.range = range
  }

  /// The version, if the value is one the engine knows.
  package var version: RulesVersion? { RulesVersion(rawValue: value) }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// `service cloud.firestore { ... }`
package struct ServiceDecl: Hashable, Sendable {
  /// The dotted service name, e.g. `cloud.firestore`.
  package var name: Identifier
  /// Functions and match blocks, in source order.
  package var items: [MatchItem]
  package var range: SourceRange

  package init(name: Identifier, items: [MatchItem], range: SourceRange) {
    self.name = name
    self.items = items
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name && lhs.items == rhs.items }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(items)
  }
}

/// A name with the place it was written.
package struct Identifier: Hashable, Sendable, CustomStringConvertible {
  package var name: String
  package var range: SourceRange

  package init(_ name: String, range: SourceRange = .none) {
    self.name = name
    self.range = range
  }

  package var description: String { name }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
