/// A value read from tagged fixture JSON where rules values are allowed, not only
/// document values: it may hold rules paths (`{"__path__": "/databases/(default)/documents/a/b"}`),
/// which are not Firestore document values.
///
/// The form is normalized: a subtree without any path is always `.value`, so
/// `.array`/`.map` appear only on the way to a `.path`. The rules engine converts
/// `.value` with its Firestore conversion and `.path` into a path value.
package indirect enum FixtureValue: Hashable, Sendable {
  /// A plain Firestore value (no path inside).
  case value(Value)
  /// A rules path, as its segments (`["databases", "(default)", "documents", "a", "b"]`).
  case path([String])
  /// An array with a path somewhere inside.
  case array([FixtureValue])
  /// A map with a path somewhere inside.
  case map([String: FixtureValue])

  /// The document value, when no path is inside.
  package var documentValue: Value? {
    if case .value(let v) = self { return v }
    return nil
  }

  /// Builds the normalized form of an array.
  static func normalizedArray(_ elements: [FixtureValue]) -> FixtureValue {
    let values = elements.compactMap(\.documentValue)
    return values.count == elements.count ? .value(.array(values)) : .array(elements)
  }

  /// Builds the normalized form of a map.
  static func normalizedMap(_ fields: [String: FixtureValue]) -> FixtureValue {
    let values = fields.compactMapValues(\.documentValue)
    return values.count == fields.count ? .value(.map(values)) : .map(fields)
  }
}
