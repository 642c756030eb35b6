import FirestoreModel

/// Factors that multiply a collection's seeded documents for an estimate (`--scale posts=1000`):
/// each document counts as that many copies, kept next to it in every index order.
package struct CollectionScale: Hashable, Sendable {
  /// The largest factor: a query over a scaled collection stays countable in an `Int`.
  package static let maxFactor = 1_000_000_000

  /// By collection id (the last segment of the collection's path; a group's id).
  package private(set) var factors: [String: Int] = [:]

  package static let none = CollectionScale()

  package init() {}

  package var isEmpty: Bool { factors.isEmpty }

  /// The weight of a document in collection `collectionID`.
  package func factor(_ collectionID: String) -> Int { factors[collectionID] ?? 1 }

  /// Sets a factor (1 to `maxFactor`), replacing an earlier one.
  package mutating func set(_ collectionID: String, _ factor: Int) throws(ScaleError) {
    guard !collectionID.isEmpty, !collectionID.contains("/") else {
      throw ScaleError("'\(collectionID)' is not a collection id")
    }
    guard factor >= 1, factor <= Self.maxFactor else {
      throw ScaleError("the factor of \(collectionID) must be a whole number from 1 to \(Self.maxFactor)")
    }
    factors[collectionID] = factor
  }

  /// `COLLECTION=N` (`--scale`).
  package mutating func set(parsing text: String) throws(ScaleError) {
    guard let equals = text.lastIndex(of: "="), let factor = Int(text[text.index(after: equals)...]) else {
      throw ScaleError("expected COLLECTION=N, got '\(text)'")
    }
    try set(String(text[..<equals]), factor)
  }

  /// `posts ×1000, users ×10`, by collection id.
  package var description: String {
    factors.keys.sorted().map { "\($0) ×\(factors[$0]!)" }.joined(separator: ", ")
  }
}

extension CollectionScale {
  /// `{"posts": 1000, "users": 10}`, by collection id.
  package var json: JSONValue { .object(factors.keys.sorted().map { ($0, .int(factor($0))) }) }
}

/// A scale factor that cannot be used.
package struct ScaleError: Error, Hashable, Sendable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}
