import RulesEngine

/// What a rules expression is during a proof: one concrete value for every document the
/// branch can return, one error for all of them, a reference into the queried document
/// (`resource`, `resource.data.f`, ...), or unknown (it differs between documents in a way
/// the filters do not pin down).
enum ProofValue: Sendable {
  case value(RulesValue)
  case error(EvalError)
  case symbol(ProofSymbol)
  case unknown

  /// The concrete value, if any.
  var concrete: RulesValue? {
    if case .value(let value) = self { return value }
    return nil
  }
}

/// A part of the queried document.
enum ProofSymbol: Sendable {
  /// `resource`: a document map, never null.
  case resource
  /// `resource.data` (empty path) or a field inside it.
  case data([String])
  /// `resource.id`.
  case id
  /// `resource.__name__`.
  case name

  /// The text rules use for it.
  var text: String {
    switch self {
    case .resource: "resource"
    case .data(let path): (["resource.data"] + path).joined(separator: ".")
    case .id: "resource.id"
    case .name: "resource.__name__"
    }
  }
}

/// A three-valued truth with errors: whether a condition holds for every document
/// (`true`), for none (`false`), errors for all (`error`), or cannot be decided (`unknown`).
/// Only `true` grants; `unknown` is treated like an error for granting.
enum ProofTruth: Sendable {
  case `true`
  case `false`
  case error(EvalError)
  case unknown

  /// `!t`: errors and unknowns stay.
  var negated: ProofTruth {
    switch self {
    case .true: .false
    case .false: .true
    case .error, .unknown: self
    }
  }

  var isTrue: Bool {
    if case .true = self { return true }
    return false
  }

  /// The truth as a proof value (`true`/`false` become bools).
  var value: ProofValue {
    switch self {
    case .true: .value(.bool(true))
    case .false: .value(.bool(false))
    case .error(let error): .error(error)
    case .unknown: .unknown
    }
  }

  init(_ bool: Bool) {
    self = bool ? .true : .false
  }

  /// The truth of evaluating a concrete operation (its result must be a bool).
  init(evaluating body: () throws(EvalError) -> RulesValue) {
    do {
      switch try body() {
      case .bool(let b): self = b ? .true : .false
      case let other: self = .error(.typeError(received: other.typeName, expected: ["bool"]))
      }
    } catch {
      self = .error(error)
    }
  }
}
