import RulesLanguage

/// Operators (spec §4.1, §6.5): `&&`/`||` absorb errors commutatively, `==` across types is false,
/// ordering across types is an error, integer arithmetic out of 64 bits is an error.
extension ExpressionEncoder {
  func binary(_ expr: Expr, _ op: BinaryOperator, _ leftExpr: Expr, _ rightExpr: Expr, _ scope: EncodingScope)
    -> SymbolicValue
  {
    let left = operand(leftExpr, against: rightExpr, op, scope)
    let right = operand(rightExpr, against: leftExpr, op, scope)
    switch op {
    case .and:
      return .boolean(
        isTrue: z3.and([left.isTrue(in: z3), right.isTrue(in: z3)]),
        isFalse: z3.or([left.isFalse(in: z3), right.isFalse(in: z3)]), in: z3)
    case .or:
      return .boolean(
        isTrue: z3.or([left.isTrue(in: z3), right.isTrue(in: z3)]),
        isFalse: z3.and([left.isFalse(in: z3), right.isFalse(in: z3)]), in: z3)
    case .equal, .notEqual:
      let same = equal(expr, left, right, scope)
      let defined = z3.and([left.defined(in: z3), right.defined(in: z3)])
      let differs = z3.and([defined, z3.not(same)])
      return op == .equal
        ? .boolean(isTrue: same, isFalse: differs, in: z3) : .boolean(isTrue: differs, isFalse: same, in: z3)
    case .less, .lessEqual, .greater, .greaterEqual:
      return compare(expr, op, left, right, scope)
    case .in:
      return membership(expr, left, right, scope)
    case .add, .subtract, .multiply, .divide, .remainder:
      return arithmetic(expr, op, left, right, scope)
    }
  }

  /// When `left == right` holds (both defined and equal).
  func equal(_ expr: Expr, _ left: SymbolicValue, _ right: SymbolicValue, _ scope: EncodingScope) -> Term {
    var terms: [Term] = []
    for l in left.cases {
      for r in right.cases {
        guard let same = payloadEqual(expr, l.payload, r.payload, scope) else { continue }
        terms.append(z3.and([l.guard, r.guard, same]))
      }
    }
    return z3.or(terms)
  }

  /// When two payloads are equal; nil when they never are (different types).
  func payloadEqual(_ expr: Expr, _ a: SymbolicPayload, _ b: SymbolicPayload, _ scope: EncodingScope) -> Term? {
    switch (a, b) {
    case (.null, .null): return z3.true
    case (.bool(let x), .bool(let y)), (.int(let x), .int(let y)), (.float(let x), .float(let y)),
      (.string(let x), .string(let y)), (.timestamp(let x), .timestamp(let y)), (.duration(let x), .duration(let y)):
      return z3.eq(x, y)
    case (.int(let x), .float(let y)): return z3.eq(z3.toReal(x), y)
    case (.float(let x), .int(let y)): return z3.eq(x, z3.toReal(y))
    case (.path(let x), .path(let y)):
      return x.count == y.count ? z3.and(zip(x, y).map { z3.eq($0, $1) }) : nil
    case (.map(.closed(let x)), .map(.closed(let y))):
      guard Set(x.keys) == Set(y.keys) else { return nil }
      return z3.and(x.keys.sorted().map { equal(expr, x[$0]!, y[$0]!, scope) })
    case (.map(.open(let x)), .map(.open(let y))):
      if x === y { return z3.true }
      let same = z3.eq(x.identity, y.identity)
      symbols.requireEqual(x, y, when: same)
      return same
    case (.list(.elements(let x)), .list(.elements(let y))):
      return x.count == y.count ? z3.and(zip(x, y).map { equal(expr, $0, $1, scope) }) : nil
    case (.list(.unknown(let x)), .list(.unknown(let y))): return z3.eq(x, y)
    case (.opaque(let t, let x?), .opaque(let u, let y?)) where t == u: return z3.eq(x, y)
    case (.null, _), (_, .null), (.bool, _), (_, .bool), (.string, _), (_, .string), (.timestamp, _),
      (_, .timestamp), (.duration, _), (_, .duration), (.int, _), (_, .int), (.float, _), (_, .float):
      return nil
    default:
      // Values of different types are never equal (int and float were handled above).
      if a.typeName != b.typeName { return nil }
      return approximate(expr, "\(a.typeName) == \(b.typeName)", scope).isTrue(in: z3)
    }
  }

  private func compare(
    _ expr: Expr, _ op: BinaryOperator, _ left: SymbolicValue, _ right: SymbolicValue, _ scope: EncodingScope
  ) -> SymbolicValue {
    func relation(_ x: Term, _ y: Term) -> Term {
      switch op {
      case .less: z3.lt(x, y)
      case .lessEqual: z3.le(x, y)
      case .greater: z3.gt(x, y)
      default: z3.ge(x, y)
      }
    }
    func stringRelation(_ x: Term, _ y: Term) -> Term {
      switch op {
      case .less: z3.stringLess(x, y)
      case .lessEqual: z3.stringLessEqual(x, y)
      case .greater: z3.stringLess(y, x)
      default: z3.stringLessEqual(y, x)
      }
    }
    var yes: [Term] = []
    var no: [Term] = []
    for l in left.cases {
      for r in right.cases {
        let holds: Term
        switch (l.payload, r.payload) {
        case (.int(let x), .int(let y)), (.float(let x), .float(let y)), (.timestamp(let x), .timestamp(let y)),
          (.duration(let x), .duration(let y)):
          holds = relation(x, y)
        case (.int(let x), .float(let y)): holds = relation(z3.toReal(x), y)
        case (.float(let x), .int(let y)): holds = relation(x, z3.toReal(y))
        case (.string(let x), .string(let y)): holds = stringRelation(x, y)
        case (.opaque(let t, _), .opaque(let u, _)) where t == u:
          let unknown = approximate(expr, "ordering of \(l.payload.typeName)", scope)
          yes.append(z3.and([l.guard, r.guard, unknown.isTrue(in: z3)]))
          no.append(z3.and([l.guard, r.guard, unknown.isFalse(in: z3)]))
          continue
        default: continue
        }
        yes.append(z3.and([l.guard, r.guard, holds]))
        no.append(z3.and([l.guard, r.guard, z3.not(holds)]))
      }
    }
    return .boolean(isTrue: z3.or(yes), isFalse: z3.or(no), in: z3)
  }

  private func arithmetic(
    _ expr: Expr, _ op: BinaryOperator, _ left: SymbolicValue, _ right: SymbolicValue, _ scope: EncodingScope
  ) -> SymbolicValue {
    var cases: [SymbolicCase] = []
    for l in left.cases {
      for r in right.cases {
        let both = z3.and([l.guard, r.guard])
        switch (op, l.payload, r.payload) {
        case (_, .int(let x), .int(let y)):
          guard let (value, defined) = integer(op, x, y) else { continue }
          cases.append(SymbolicCase(guard: z3.and([both, defined]), payload: .int(value)))
        case (.add, .int, .float), (.add, .float, .int), (.add, .float, .float), (.subtract, .int, .float),
          (.subtract, .float, .int), (.subtract, .float, .float), (.multiply, .int, .float),
          (.multiply, .float, .int), (.multiply, .float, .float), (.divide, .float, _), (.divide, _, .float),
          (.remainder, .float, _), (.remainder, _, .float):
          cases += approximate(expr, "float arithmetic", scope).restricted(to: both, in: z3).cases
        case (.add, .string(let x), .string(let y)):
          cases.append(SymbolicCase(guard: both, payload: .string(z3.concat([x, y]))))
        case (.add, .timestamp(let x), .duration(let y)), (.add, .duration(let y), .timestamp(let x)):
          let sum = z3.add([x, y])
          cases.append(SymbolicCase(guard: z3.and([both, TimeRange.contains(sum, in: z3)]), payload: .timestamp(sum)))
        case (.subtract, .timestamp(let x), .duration(let y)):
          let difference = z3.sub(x, y)
          cases.append(
            SymbolicCase(
              guard: z3.and([both, TimeRange.contains(difference, in: z3)]), payload: .timestamp(difference)))
        case (.subtract, .timestamp(let x), .timestamp(let y)):
          cases.append(SymbolicCase(guard: both, payload: .duration(z3.sub(x, y))))
        case (.add, .duration(let x), .duration(let y)):
          cases.append(SymbolicCase(guard: both, payload: .duration(z3.add([x, y]))))
        case (.subtract, .duration(let x), .duration(let y)):
          cases.append(SymbolicCase(guard: both, payload: .duration(z3.sub(x, y))))
        case (_, .list, _), (_, .opaque, _), (_, _, .opaque), (_, .duration, _):
          cases +=
            approximate(expr, "\(l.payload.typeName) \(op.rawValue) \(r.payload.typeName)", scope)
            .restricted(to: both, in: z3).cases
        default: continue
        }
      }
    }
    return SymbolicValue(cases)
  }

  /// Integer `op` with Java's truncating division and remainder; defined when the divisor is not
  /// zero and the result fits 64 bits.
  private func integer(_ op: BinaryOperator, _ x: Term, _ y: Term) -> (Term, Term)? {
    let value: Term
    var defined: [Term] = []
    switch op {
    case .add: value = z3.add([x, y])
    case .subtract: value = z3.sub(x, y)
    case .multiply: value = z3.mul(x, y)
    case .divide, .remainder:
      defined.append(z3.not(z3.eq(y, z3.int(0))))
      let magnitude = z3.ite(z3.ge(y, z3.int(0)), y, z3.negate(y))
      let nonNegative = z3.ge(x, z3.int(0))
      if op == .divide {
        let quotient = z3.ite(nonNegative, z3.div(x, magnitude), z3.negate(z3.div(z3.negate(x), magnitude)))
        value = z3.ite(z3.ge(y, z3.int(0)), quotient, z3.negate(quotient))
      } else {
        value = z3.ite(nonNegative, z3.mod(x, magnitude), z3.negate(z3.mod(z3.negate(x), magnitude)))
      }
    default: return nil
    }
    defined.append(IntegerRange.contains(value, in: z3))
    return (value, z3.and(defined))
  }

  /// Unary minus.
  func negate(_ expr: Expr, _ value: SymbolicValue, _ scope: EncodingScope) -> SymbolicValue {
    var cases: [SymbolicCase] = []
    for c in value.cases {
      switch c.payload {
      case .int(let x):
        let negated = z3.negate(x)
        cases.append(
          SymbolicCase(guard: z3.and([c.guard, IntegerRange.contains(negated, in: z3)]), payload: .int(negated)))
      case .float(let x): cases.append(SymbolicCase(guard: c.guard, payload: .float(z3.negate(x))))
      case .duration(let x): cases.append(SymbolicCase(guard: c.guard, payload: .duration(z3.negate(x))))
      default: continue
      }
    }
    return SymbolicValue(cases)
  }
}

/// Two open maps with one identity have the same fields (over `keys`, and as many others).
enum OpenMapEquality {
  static func fieldsEqual(_ a: OpenMap, _ b: OpenMap, keys: Set<String>, in z3: Z3) -> Term {
    var terms = [z3.eq(a.others, b.others)]
    for key in keys.sorted() {
      let left = a.field(key)
      let right = b.field(key)
      terms += [
        z3.eq(left.present, right.present), z3.eq(left.tag, right.tag), z3.eq(left.boolValue, right.boolValue),
        z3.eq(left.intValue, right.intValue), z3.eq(left.floatValue, right.floatValue),
        z3.eq(left.stringValue, right.stringValue), z3.eq(left.timestampValue, right.timestampValue),
        z3.eq(left.mapValue.identity, right.mapValue.identity),
      ]
    }
    return z3.and(terms)
  }
}
