/// A rules value as the solver sees it: the values it may have at run time, each under a guard.
///
/// The guards of one value are pairwise exclusive; when none holds the value is an error (`⊥`).
/// A `bool` alternative carries a Z3 boolean, an `int` an integer, a `float` a real, a `string` a
/// string, a `timestamp`/`duration` an integer of microseconds; maps, lists and paths carry their
/// own symbolic forms, and `opaque` stands for a value of a type the encoding does not model.
struct SymbolicValue {
  var cases: [SymbolicCase]

  init(_ cases: [SymbolicCase]) { self.cases = cases }

  /// A value that is never an error.
  init(always payload: SymbolicPayload, in z3: Z3) { self.cases = [SymbolicCase(guard: z3.true, payload: payload)] }

  /// An error, whatever the request.
  static var error: SymbolicValue { SymbolicValue([]) }

  /// A boolean from its "is true" and "is false" conditions (exclusive; neither means `⊥`).
  static func boolean(isTrue: Term, isFalse: Term, in z3: Z3) -> SymbolicValue {
    SymbolicValue([SymbolicCase(guard: z3.or([isTrue, isFalse]), payload: .bool(isTrue))])
  }

  /// When the value is not an error.
  func defined(in z3: Z3) -> Term { z3.or(cases.map(\.guard)) }

  /// When the value is exactly `true` (the only value that makes an allow grant).
  func isTrue(in z3: Z3) -> Term {
    z3.or(cases.compactMap { if case .bool(let b) = $0.payload { z3.and([$0.guard, b]) } else { nil } })
  }

  /// When the value is exactly `false`.
  func isFalse(in z3: Z3) -> Term {
    z3.or(cases.compactMap { if case .bool(let b) = $0.payload { z3.and([$0.guard, z3.not(b)]) } else { nil } })
  }

  /// The same value, defined only where `condition` also holds.
  func restricted(to condition: Term, in z3: Z3) -> SymbolicValue {
    SymbolicValue(cases.map { SymbolicCase(guard: z3.and([$0.guard, condition]), payload: $0.payload) })
  }
}

/// One alternative of a `SymbolicValue`.
struct SymbolicCase {
  var `guard`: Term
  var payload: SymbolicPayload
}

/// What a value is under one guard.
enum SymbolicPayload {
  case null
  case bool(Term)
  case int(Term)
  case float(Term)
  case string(Term)
  case timestamp(Term)
  case duration(Term)
  case map(SymbolicMap)
  case list(SymbolicList)
  case set(SymbolicList)
  case mapDiff(SymbolicMap, SymbolicMap)
  /// A path: its segments, each a string term.
  case path([Term])
  /// A value of a type the encoding does not follow (bytes, latlng...); equal values have equal
  /// identities, nil when even that is unknown.
  case opaque(String, identity: Term?)

  /// The rules type name (`is` tests).
  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .int: "int"
    case .float: "float"
    case .string: "string"
    case .timestamp: "timestamp"
    case .duration: "duration"
    case .map: "map"
    case .list: "list"
    case .set: "set"
    case .mapDiff: "map_diff"
    case .path: "path"
    case .opaque(let type, _): type
    }
  }
}

/// A list (or set) as the solver sees it.
enum SymbolicList {
  /// Known elements (a literal, a constant).
  case elements([SymbolicValue])
  /// A set of keys: `keys()` of a map, the key sets of a map diff.
  case keys(KeySet)
  /// A list read from data whose elements are not followed; equal lists have equal identities.
  case unknown(identity: Term)
}

/// A set of string keys over the key universe (every key the compared rulesets name), plus any
/// number of keys outside it (`others`).
struct KeySet {
  /// Whether each universe key is a member.
  var members: [String: Term]
  /// How many members lie outside the universe (an integer term, at least 0).
  var others: Term

  /// The universe keys with their membership, in key order (so that terms are built in the same
  /// order on every run, and Z3 answers the same).
  var sortedMembers: [(key: String, member: Term)] { members.keys.sorted().map { ($0, members[$0]!) } }
}
