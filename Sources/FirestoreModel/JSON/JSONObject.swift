/// One `"key": value` member of a JSON object.
package struct JSONMember: Hashable, Sendable {
  package var key: String
  package var value: JSONValue

  package init(key: String, value: JSONValue) {
    self.key = key
    self.value = value
  }
}

/// A JSON object that keeps its members in source order.
///
/// Keys are unique (the parser rejects duplicates). Lookup is a linear scan, which is
/// right for the small objects of fixtures and suites; iterate `members` for big ones.
/// Equality is order-sensitive, like the text.
package struct JSONObject: Hashable, Sendable {
  /// The members in source order.
  package private(set) var members: [JSONMember]

  /// An empty object.
  package init() {
    members = []
  }

  /// An object with these members; returns nil when a key repeats.
  package init?(members: [JSONMember]) {
    var seen = Set<String>()
    for member in members where !seen.insert(member.key).inserted { return nil }
    self.members = members
  }

  /// An object with these members in this order, for builders; like the dictionary literal,
  /// a repeated key keeps its last value in the first key's place.
  package init(_ members: [(String, JSONValue)]) {
    self.members = []
    self.members.reserveCapacity(members.count)
    // A renderer's object has a handful of keys: a scan beats hashing them into a set.
    guard members.count > 16 else {
      for (key, value) in members { self[key] = value }
      return
    }
    var seen = Set<String>(minimumCapacity: members.count)
    for (key, value) in members {
      if seen.insert(key).inserted {
        self.members.append(JSONMember(key: key, value: value))
      } else {
        self[key] = value
      }
    }
  }

  /// The keys in source order.
  package var keys: [String] { members.map(\.key) }

  package var count: Int { members.count }
  package var isEmpty: Bool { members.isEmpty }

  /// The value for a key, or nil. Setting nil removes the key; setting a new key appends it.
  package subscript(key: String) -> JSONValue? {
    get { members.first { $0.key == key }?.value }
    set {
      let index = members.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let i?, let value?): members[i].value = value
      case (let i?, nil): members.remove(at: i)
      case (nil, let value?): members.append(JSONMember(key: key, value: value))
      case (nil, nil): break
      }
    }
  }

  /// Whether the object has this key.
  package func contains(_ key: String) -> Bool {
    members.contains { $0.key == key }
  }

  /// Appends a member without checking for an existing key; for builders that know keys are new.
  mutating func appendUnchecked(_ member: JSONMember) {
    members.append(member)
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Builds an object in literal order; a repeated key keeps its last value.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init()
    for (key, value) in elements { self[key] = value }
  }
}
