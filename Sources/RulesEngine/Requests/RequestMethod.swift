import RulesLanguage

/// The method of a concrete request, as `request.method` reports it.
///
/// `read` and `write` are never request methods: they are groups an `allow`
/// statement may name (see `Method.requestMethods`).
package enum RequestMethod: String, Hashable, Sendable, CaseIterable {
  case get, list, create, update, delete

  /// Whether the request writes (create, update, delete).
  package var isWrite: Bool {
    switch self {
    case .get, .list: false
    case .create, .update, .delete: true
    }
  }

  /// The same method as an `allow` statement names it.
  package var allowMethod: Method {
    switch self {
    case .get: .get
    case .list: .list
    case .create: .create
    case .update: .update
    case .delete: .delete
    }
  }

  /// This method's bit in an `AllowRule.methodMask`.
  var bit: UInt8 {
    switch self {
    case .get: 1
    case .list: 2
    case .create: 4
    case .update: 8
    case .delete: 16
    }
  }

  /// The mask of request methods an allow naming `method` covers.
  static func mask(of method: Method) -> UInt8 {
    allCases.reduce(0) { $1.isGranted(by: method) ? $0 | $1.bit : $0 }
  }

  /// Whether an `allow` statement naming `method` covers this request method.
  package func isGranted(by method: Method) -> Bool {
    switch method {
    case .read: !isWrite
    case .write: isWrite
    default: method == allowMethod
    }
  }
}
