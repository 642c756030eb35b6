/// A set of request methods as a bit mask: what an allow grants, asked about by every lint.
/// (A `Set<Method>` hashes the raw-value strings on every insert and test; this is one byte.)
struct MethodSet: Equatable, ExpressibleByArrayLiteral, Sequence {
  private(set) var bits: UInt8 = 0

  init() {}

  init(arrayLiteral methods: Method...) {
    for method in methods { insert(method) }
  }

  /// The request methods the written names grant (`read` is get + list, `write` create +
  /// update + delete).
  init(granting names: [MethodName]) {
    for name in names {
      switch name.method {
      case .read: bits |= Self.bit(.get) | Self.bit(.list)
      case .write: bits |= Self.bit(.create) | Self.bit(.update) | Self.bit(.delete)
      default: insert(name.method)
      }
    }
  }

  private static func bit(_ method: Method) -> UInt8 {
    switch method {
    case .read: 1
    case .write: 2
    case .get: 4
    case .list: 8
    case .create: 16
    case .update: 32
    case .delete: 64
    }
  }

  mutating func insert(_ method: Method) { bits |= Self.bit(method) }
  func contains(_ method: Method) -> Bool { bits & Self.bit(method) != 0 }
  var isEmpty: Bool { bits == 0 }
  func isDisjoint(with other: MethodSet) -> Bool { bits & other.bits == 0 }
  func isSubset(of other: MethodSet) -> Bool { bits & ~other.bits == 0 }

  func intersection(_ other: MethodSet) -> MethodSet {
    var result = MethodSet()
    result.bits = bits & other.bits
    return result
  }

  /// The members in `Method.allCases` order.
  func makeIterator() -> IndexingIterator<[Method]> { Method.allCases.filter(contains).makeIterator() }
}
