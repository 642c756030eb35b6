import RulesLanguage

/// Lists, sets, maps and their keys: `in`, `size()`, `keys()`, `hasAll`/`hasAny`/`hasOnly`,
/// `get(key, default)`, `diff()` and its key sets (spec §4.8-4.11).
extension ExpressionEncoder {
  /// A collection's members as the solver follows them.
  enum Members {
    case elements([SymbolicValue])
    case keys(KeySet)
  }

  /// The members of a list, set or map payload; nil when they are not followed.
  func members(_ payload: SymbolicPayload) -> Members? {
    switch payload {
    case .list(.elements(let items)), .set(.elements(let items)): .elements(items)
    case .list(.keys(let keys)), .set(.keys(let keys)): .keys(keys)
    case .map(.closed(let fields)):
      .elements(fields.keys.sorted().map { SymbolicValue(always: .string(z3.string($0)), in: z3) })
    case .map(.open(let map)): .keys(map.keys)
    default: nil
    }
  }

  /// `value in collection`.
  func membership(_ expr: Expr, _ value: SymbolicValue, _ collection: SymbolicValue, _ scope: EncodingScope)
    -> SymbolicValue
  {
    var yes: [Term] = []
    var no: [Term] = []
    let defined = value.defined(in: z3)
    for c in collection.cases {
      let holds: Term
      switch c.payload {
      case .list, .set, .map:
        guard let members = members(c.payload) else {
          let unknown = approximate(expr, "in \(c.payload.typeName)", scope)
          yes.append(z3.and([c.guard, unknown.isTrue(in: z3)]))
          no.append(z3.and([c.guard, unknown.isFalse(in: z3)]))
          continue
        }
        holds = contains(expr, members, value, scope)
      default: continue
      }
      yes.append(z3.and([c.guard, defined, holds]))
      no.append(z3.and([c.guard, defined, z3.not(holds)]))
    }
    return .boolean(isTrue: z3.or(yes), isFalse: z3.or(no), in: z3)
  }

  /// When `members` holds `value` (assumed defined).
  private func contains(_ expr: Expr, _ members: Members, _ value: SymbolicValue, _ scope: EncodingScope) -> Term {
    switch members {
    case .elements(let items):
      return z3.or(items.map { equal(expr, $0, value, scope) })
    case .keys(let keys):
      var terms: [Term] = []
      var outside: [Term] = []
      for c in value.cases {
        guard case .string(let key) = c.payload else { continue }
        if let text = Literal.string(key, z3) {
          if let member = keys.members[text] { terms.append(z3.and([c.guard, member])) }
          continue
        }
        for (name, member) in keys.sortedMembers {
          terms.append(z3.and([c.guard, z3.eq(key, z3.string(name)), member]))
        }
        // A key outside the universe: one of the map's other keys, or not.
        let unknown = approximate(expr, "key outside the rules' names", scope).isTrue(in: z3)
        let notNamed = z3.and(keys.sortedMembers.map { z3.not(z3.eq(key, z3.string($0.key))) })
        outside.append(z3.and([c.guard, notNamed, z3.gt(keys.others, z3.int(0)), unknown]))
      }
      return z3.or(terms + outside)
    }
  }

  /// The constant strings of a key list argument (`['a', 'b']`), nil when any is not constant.
  private func constantKeys(_ value: SymbolicValue) -> [String]? {
    guard value.cases.count == 1, let members = members(value.cases[0].payload), case .elements(let items) = members
    else { return nil }
    var keys: [String] = []
    for item in items {
      guard item.cases.count == 1, case .string(let term) = item.cases[0].payload, let text = Literal.string(term, z3)
      else { return nil }
      keys.append(text)
    }
    return keys
  }

  /// Methods of lists, sets, maps and map diffs on one receiver alternative; nil when `name` is not one.
  func collectionMethod(
    _ expr: Expr, _ receiver: SymbolicPayload, _ name: String, _ args: [SymbolicValue], _ scope: EncodingScope
  ) -> SymbolicValue? {
    switch (receiver, name, args.count) {
    case (.list, "size", 0), (.set, "size", 0), (.map, "size", 0):
      guard let members = members(receiver) else { return approximate(expr, "size() of a list", scope) }
      switch members {
      case .elements(let items): return SymbolicValue(always: .int(z3.int(Int64(items.count))), in: z3)
      case .keys(let keys):
        noteBound(expr.range, "size() of a map (at most \(OpenMap.mostOtherKeys) unknown keys)")
        let counted = keys.sortedMembers.map { z3.ite($0.member, z3.int(1), z3.int(0)) }
        return SymbolicValue(always: .int(z3.add(counted + [keys.others])), in: z3)
      }
    case (.map, "keys", 0):
      guard let members = members(receiver) else { return nil }
      switch members {
      case .elements(let items): return SymbolicValue(always: .list(.elements(items)), in: z3)
      case .keys(let keys): return SymbolicValue(always: .list(.keys(keys)), in: z3)
      }
    case (.list(let list), "toSet", 0): return SymbolicValue(always: .set(list), in: z3)
    case (.list, "hasAll", 1), (.list, "hasAny", 1), (.list, "hasOnly", 1), (.set, "hasAll", 1),
      (.set, "hasAny", 1), (.set, "hasOnly", 1):
      return hasMembers(expr, receiver, name, args[0], scope)
    case (.map(let map), "get", 2):
      return mapGet(expr, map, args[0], args[1], scope)
    case (.map(let map), "diff", 1):
      var cases: [SymbolicCase] = []
      for c in args[0].cases {
        if case .map(let other) = c.payload {
          cases.append(SymbolicCase(guard: c.guard, payload: .mapDiff(map, other)))
        }
      }
      return SymbolicValue(cases)
    case (.mapDiff(let new, let old), "affectedKeys", 0), (.mapDiff(let new, let old), "addedKeys", 0),
      (.mapDiff(let new, let old), "removedKeys", 0), (.mapDiff(let new, let old), "changedKeys", 0),
      (.mapDiff(let new, let old), "unchangedKeys", 0):
      guard case .open(let a) = new, case .open(let b) = old else {
        return approximate(expr, "diff() of a map literal", scope)
      }
      return SymbolicValue(always: .set(.keys(diffKeys(expr, name, a, b, scope))), in: z3)
    default:
      return nil
    }
  }

  /// `hasAll`, `hasAny`, `hasOnly` of a list or set.
  private func hasMembers(
    _ expr: Expr, _ receiver: SymbolicPayload, _ name: String, _ argument: SymbolicValue, _ scope: EncodingScope
  ) -> SymbolicValue {
    guard let members = members(receiver) else { return approximate(expr, "\(name)() of a list", scope) }
    let defined = argument.defined(in: z3)
    let holds: Term
    switch members {
    case .keys(let keys):
      guard let wanted = constantKeys(argument) else { return approximate(expr, "\(name)() of keys", scope) }
      let no = z3.false
      let member = { (key: String) -> Term in keys.members[key] ?? no }
      switch name {
      case "hasAll": holds = z3.and(wanted.map(member))
      case "hasAny": holds = z3.or(wanted.map(member))
      default:
        let allowed = Set(wanted)
        holds = z3.and(
          keys.sortedMembers.filter { !allowed.contains($0.key) }.map { z3.not($0.member) } + [
            z3.eq(keys.others, z3.int(0))
          ])
      }
    case .elements(let items):
      guard argument.cases.count == 1, let other = self.members(argument.cases[0].payload),
        case .elements(let wanted) = other
      else { return approximate(expr, "\(name)() of a list", scope) }
      let inReceiver = { (value: SymbolicValue) -> Term in self.z3.or(items.map { self.equal(expr, $0, value, scope) })
      }
      switch name {
      case "hasAll": holds = z3.and(wanted.map(inReceiver))
      case "hasAny": holds = z3.or(wanted.map(inReceiver))
      default: holds = z3.and(items.map { item in self.z3.or(wanted.map { self.equal(expr, item, $0, scope) }) })
      }
    }
    return .boolean(isTrue: z3.and([defined, holds]), isFalse: z3.and([defined, z3.not(holds)]), in: z3)
  }

  /// `map.get(key, default)`: a constant key (or list of keys, a nested path).
  private func mapGet(
    _ expr: Expr, _ map: SymbolicMap, _ key: SymbolicValue, _ fallback: SymbolicValue, _ scope: EncodingScope
  ) -> SymbolicValue {
    var path: [String]
    if key.cases.count == 1, case .string(let term) = key.cases[0].payload, let text = Literal.string(term, z3) {
      path = [text]
    } else if let keys = constantKeys(key), !keys.isEmpty {
      path = keys
    } else {
      return approximate(expr, "get() with a computed key", scope)
    }
    var current = SymbolicValue(always: .map(map), in: z3)
    var missing: [Term] = []
    while !path.isEmpty {
      let step = path.removeFirst()
      var found: [SymbolicCase] = []
      for c in current.cases {
        guard case .map(let inner) = c.payload else {
          missing.append(c.guard)
          continue
        }
        switch inner {
        case .closed(let fields):
          if let value = fields[step] {
            found += value.restricted(to: c.guard, in: z3).cases
          } else {
            missing.append(c.guard)
          }
        case .open(let open):
          let field = open.field(step)
          found += field.value.restricted(to: c.guard, in: z3).cases
          missing.append(z3.and([c.guard, z3.not(field.present)]))
        }
      }
      current = SymbolicValue(found)
    }
    return SymbolicValue(current.cases + fallback.restricted(to: z3.or(missing), in: z3).cases)
  }

  /// The key set `name` of `new.diff(old)` over the universe; keys outside it are counted freely.
  private func diffKeys(_ expr: Expr, _ name: String, _ new: OpenMap, _ old: OpenMap, _ scope: EncodingScope)
    -> KeySet
  {
    var members: [String: Term] = [:]
    for (key, a) in new.allFields() {
      let b = old.field(key)
      let same = equal(expr, a.value, b.value, scope)
      let both = z3.and([a.present, b.present])
      switch name {
      case "addedKeys": members[key] = z3.and([a.present, z3.not(b.present)])
      case "removedKeys": members[key] = z3.and([z3.not(a.present), b.present])
      case "changedKeys": members[key] = z3.and([both, z3.not(same)])
      case "unchangedKeys": members[key] = z3.and([both, same])
      default: members[key] = z3.or([z3.not(z3.eq(a.present, b.present)), z3.and([both, z3.not(same)])])
      }
    }
    // Keys outside the universe: as many as either map has, at most (their values are not followed).
    let others = z3.constant("diff(\(new.name),\(old.name)).\(name)[*]", z3.intSort)
    symbols.require(z3.and([z3.ge(others, z3.int(0)), z3.le(others, z3.add([new.others, old.others]))]))
    return KeySet(members: members, others: others)
  }
}
