import FirestoreModel
import RulesEngine
import RulesLanguage

/// A construct the encoding could not follow exactly: it became an unknown value there.
package struct Approximation: Hashable, Sendable, Comparable {
  /// The 1-based line in the rules file.
  package var line: Int
  /// What was approximated, e.g. `lower()` or `float arithmetic`.
  package var construct: String

  package static func < (lhs: Self, rhs: Self) -> Bool { (lhs.line, lhs.construct) < (rhs.line, rhs.construct) }
}

/// What an expression sees: its local names (wildcards, parameters, `let`s) and the block of the
/// ruleset's `ScopeModel` its calls resolve from.
struct EncodingScope {
  var variables: [String: SymbolicValue]
  /// Names bound to a value only a query knows (reading them is an approximation).
  var unknownNames: Set<String> = []
  /// The matched block's wildcard bindings, outermost first: a function body sees the first
  /// `ScopeModel.visibleWildcards` of them (its declaring block's), as the evaluator's does.
  var wildcards: [(name: String, value: SymbolicValue)] = []
  /// Where calls resolve (`Ruleset.function(named:inScope:)`).
  var block: Int
  let scopes: ScopeModel
  /// User function calls in progress (bounded by `RulesLimits.callDepth`).
  var depth = 0

  /// The user function `name` resolves to from here (index into `scopes.functions`).
  func resolveFunction(_ name: String) -> Int? { scopes.resolveFunction(name, from: block) }
}

/// Encodes rules expressions of one ruleset as symbolic values over the request's unknowns.
///
/// What the encoding cannot follow becomes an unknown value (the same one for the same construct
/// on the same inputs, in both rulesets) and is recorded in `approximations`, so that no answer
/// built on it is called complete.
final class ExpressionEncoder {
  let symbols: RequestSymbols
  let ruleset: Ruleset
  var z3: Z3 { symbols.z3 }
  private(set) var approximations: Set<Approximation> = []
  /// Whether an approximation restricts the values the solver considers (a bounded length, a
  /// bounded number of keys or segments): then not even "no request" is proved. Other
  /// approximations are unknown values, which range over every value.
  private(set) var reliesOnBounds = false
  private var requestMap: SymbolicValue?

  init(symbols: RequestSymbols, ruleset: Ruleset) {
    self.symbols = symbols
    self.ruleset = ruleset
  }

  /// Records that `expr` was approximated (as `construct`) and returns the shared unknown for it.
  func approximate(_ expr: Expr, _ construct: String, _ scope: EncodingScope) -> SymbolicValue {
    note(expr, construct)
    return symbols.unknown(RulesPrinter.print(expr) + "|" + fingerprint(expr, scope))
  }

  /// Records an approximation without producing a value.
  func note(_ expr: Expr, _ construct: String) { note(expr.range, construct) }

  /// Records an approximation at `range` (its first line).
  func note(_ range: SourceRange, _ construct: String) {
    let line = ruleset.source.location(of: range.start).line
    approximations.insert(Approximation(line: line, construct: construct))
  }

  /// Records an approximation that bounds the values considered (see `reliesOnBounds`).
  func noteBound(_ range: SourceRange, _ construct: String) {
    note(range, construct)
    reliesOnBounds = true
  }

  /// Notes a key the universe leaves out (longer than `KeyUniverse.longestKey` bytes): the map's
  /// key sets do not count it.
  func noteLongKey(_ expr: Expr, _ key: String) {
    if key.utf8.count > KeyUniverse.longestKey {
      noteBound(expr.range, "a key longer than \(KeyUniverse.longestKey) bytes")
    }
  }

  /// The values of the local names `expr` reads: equal constructs share an unknown only on equal inputs.
  private func fingerprint(_ expr: Expr, _ scope: EncodingScope) -> String {
    var names: Set<String> = []
    func collect(_ e: Expr) {
      if case .identifier(let name) = e.kind { names.insert(name) }
      e.children.forEach(collect)
    }
    collect(expr)
    return names.sorted().compactMap { name in
      scope.variables[name].map { name + "=" + describe($0) }
    }.joined(separator: ",")
  }

  private func describe(_ value: SymbolicValue) -> String {
    value.cases.map { c in
      let payload: String
      switch c.payload {
      case .bool(let t), .int(let t), .float(let t), .string(let t), .timestamp(let t), .duration(let t):
        payload = z3.text(t)
      case .path(let segments): payload = segments.map { z3.text($0) }.joined(separator: "/")
      case .map(.open(let map)): payload = map.name
      default: payload = c.payload.typeName
      }
      return z3.text(c.guard) + "=>" + payload
    }.joined(separator: ";")
  }

  // MARK: expressions

  func encode(_ expr: Expr, _ scope: EncodingScope) -> SymbolicValue {
    if ConstantEncoding.isClosed(expr, scope) { return constant(expr) }
    switch expr.kind {
    case .null: return SymbolicValue(always: .null, in: z3)
    case .bool(let value): return SymbolicValue(always: .bool(z3.bool(value)), in: z3)
    case .int(let value): return SymbolicValue(always: .int(z3.int(value)), in: z3)
    case .float, .string, .bytes: return constant(expr)
    case .list(let items):
      let values = items.map { encode($0, scope) }
      return SymbolicValue([
        SymbolicCase(guard: z3.and(values.map { $0.defined(in: z3) }), payload: .list(.elements(values)))
      ])
    case .map(let entries):
      var values: [String: SymbolicValue] = [:]
      for entry in entries {
        noteLongKey(expr, entry.key)
        values[entry.key] = encode(entry.value, scope)
      }
      return SymbolicValue([
        SymbolicCase(
          guard: z3.and(values.keys.sorted().map { values[$0]!.defined(in: z3) }), payload: .map(.closed(values)))
      ])
    case .path(let segments): return pathLiteral(expr, segments, scope)
    case .identifier(let name):
      if symbols.service.kind == .storage, isObject(expr, scope) { return wholeObject(expr, scope) }
      return lookup(expr, name, scope)
    case .member(let base, let name):
      if name.name == "query", case .identifier("request") = base.kind, scope.variables["request"] == nil {
        note(expr, "request.query")
      }
      noteLongKey(expr, name.name)
      if symbols.service.kind == .storage {
        if isObject(expr, scope) { return wholeObject(expr, scope) }
        if isObject(base, scope) { return member(storageObjectExpression(base, scope), name.name, of: expr) }
        if name.name == "method", case .identifier("request") = base.kind, scope.variables["request"] == nil {
          note(expr, "request.method (undefined in the emulator, F5)")
        }
      }
      return member(encode(base, scope), name.name)
    case .call(let name, let args): return call(expr, name.name, args, scope)
    case .methodCall(let receiver, let name, let args):
      if case .identifier(let namespace) = receiver.kind, scope.variables[namespace] == nil,
        let lookup = ruleset.service.lookupFunction(namespace: namespace, name: name.name)
      {
        guard args.count == 1 else { return .error }
        return read(expr, lookup, encode(args[0], scope), scope)
      }
      if case .identifier(let namespace) = receiver.kind, ConstantEncoding.isNamespace(namespace),
        scope.variables[namespace] == nil
      {
        return approximate(expr, "\(namespace).\(name.name)()", scope)
      }
      return method(expr, encode(receiver, scope), name.name, args, scope)
    case .index(let base, let index): return self.index(expr, encode(base, scope), encode(index, scope), scope)
    case .slice: return approximate(expr, "slice", scope)
    case .unary(.not, let operand):
      let value = encode(operand, scope)
      return .boolean(isTrue: value.isFalse(in: z3), isFalse: value.isTrue(in: z3), in: z3)
    case .unary(.negate, let operand): return negate(expr, encode(operand, scope), scope)
    case .binary(let op, let left, let right): return binary(expr, op, left, right, scope)
    case .typeTest(let operand, let type): return typeTest(expr, encode(operand, scope), type.name, scope)
    case .ternary(let condition, let then, let otherwise):
      let test = encode(condition, scope)
      let yes = encode(then, scope).restricted(to: test.isTrue(in: z3), in: z3)
      let no = encode(otherwise, scope).restricted(to: test.isFalse(in: z3), in: z3)
      return SymbolicValue(yes.cases + no.cases)
    case .invalid: return .error
    }
  }

  /// A closed expression, evaluated by Flint's engine.
  private func constant(_ expr: Expr) -> SymbolicValue {
    let result = Evaluator.evaluate(expression: expr).result
    guard case .success(let value) = result else { return .error }
    if case .string(let text) = value { noteLongString(expr, text) }
    if let symbolic = ConstantEncoding.symbolic(value, z3) { return symbolic }
    note(expr, "\(value.typeName) value")
    return symbols.unknown(RulesPrinter.print(expr))
  }

  /// Unknown strings are bounded (document ids to `PathShape.longestID` characters, uids and
  /// fields to `StringBound.longest`), so a constant longer than the shortest bound may tell them
  /// apart where real values would not; and a key that long is left out of the key universe.
  private func noteLongString(_ expr: Expr, _ text: String) {
    if text.unicodeScalars.count > PathShape.longestID {
      noteBound(expr.range, "a string longer than \(PathShape.longestID) characters (bounded length)")
    } else {
      noteLongKey(expr, text)
    }
  }

  // MARK: names

  private func lookup(_ expr: Expr, _ name: String, _ scope: EncodingScope) -> SymbolicValue {
    if let value = scope.variables[name] {
      if scope.unknownNames.contains(name) { note(expr, "the document id of a list") }
      return value
    }
    switch name {
    case "request": return request(expr, scope)
    case "resource": return resource(expr, scope)
    default: return .error
    }
  }

  /// The `request` map of this method (spec §5.3): `query` only on list, `resource` on create and update.
  private func request(_ expr: Expr, _ scope: EncodingScope) -> SymbolicValue {
    if let requestMap { return requestMap }
    if symbols.service.kind == .storage {
      let value = storageRequest
      requestMap = value
      return value
    }
    var fields: [String: SymbolicValue] = [
      "auth": auth,
      "method": SymbolicValue(always: .string(z3.string(symbols.method.rawValue)), in: z3),
      "path": SymbolicValue(always: .path(symbols.shape.requestPath(for: symbols.method)), in: z3),
      "time": SymbolicValue(always: .timestamp(symbols.time), in: z3),
      "params": SymbolicValue(always: .map(.closed([:])), in: z3),
    ]
    switch symbols.method {
    case .list:
      // What a query's constraints say (spec §7); reading it is noted where `request.query` is read.
      fields["query"] = symbols.unknown("request.query")
    case .create, .update:
      let written = DocumentSymbol(path: symbols.shape.documentPath, exists: z3.true, data: symbols.written)
      fields["resource"] = SymbolicValue(always: .map(written.rulesMap(in: z3)), in: z3)
    case .get, .delete: break
    }
    let value = SymbolicValue(always: .map(.closed(fields)), in: z3)
    requestMap = value
    return value
  }

  /// `request.auth`: null when signed out, else `{uid, token}`.
  var auth: SymbolicValue {
    let user: SymbolicMap = .closed([
      "uid": SymbolicValue(always: .string(symbols.uid), in: z3),
      "token": SymbolicValue(always: .map(.open(symbols.token)), in: z3),
    ])
    return SymbolicValue([
      SymbolicCase(guard: symbols.signedIn, payload: .map(user)),
      SymbolicCase(guard: z3.not(symbols.signedIn), payload: .null),
    ])
  }

  /// `resource`: the stored document or null; a `list`'s documents are only known from its query.
  private func resource(_ expr: Expr, _ scope: EncodingScope) -> SymbolicValue {
    if symbols.method == .list {
      note(expr, "resource in a list")
      return symbols.unknown("resource")
    }
    let document = symbols.resource
    return SymbolicValue([
      SymbolicCase(guard: document.exists, payload: .map(document.rulesMap(in: z3))),
      SymbolicCase(guard: z3.not(document.exists), payload: .null),
    ])
  }

  // MARK: access

  /// `value.name`: a map's field; anything else is an error.
  func member(_ value: SymbolicValue, _ name: String) -> SymbolicValue { member(value, name, of: nil) }

  /// `value.name`, where `expr` (when given) reads a Storage object's field: one that a real
  /// object may leave unset is an approximation (the encoding always gives it a string).
  func member(_ value: SymbolicValue, _ name: String, of expr: Expr?) -> SymbolicValue {
    if let expr, ObjectSymbol.mayBeUnset.contains(name) { note(expr, "\(name) of an object (it may be unset, F6)") }
    var cases: [SymbolicCase] = []
    for c in value.cases {
      guard case .map(let map) = c.payload else { continue }
      switch map {
      case .closed(let fields):
        if let field = fields[name] { cases += field.restricted(to: c.guard, in: z3).cases }
      case .open(let open):
        cases += open.field(name).value.restricted(to: c.guard, in: z3).cases
      }
    }
    return SymbolicValue(cases)
  }

  /// `base[index]`: a map by a string key, a list by a constant position.
  private func index(_ expr: Expr, _ base: SymbolicValue, _ index: SymbolicValue, _ scope: EncodingScope)
    -> SymbolicValue
  {
    var cases: [SymbolicCase] = []
    for b in base.cases {
      for i in index.cases {
        switch (b.payload, i.payload) {
        case (.map, .string(let key)):
          guard let text = Literal.string(key, z3) else { return approximate(expr, "map[key]", scope) }
          let one = SymbolicValue([SymbolicCase(guard: b.guard, payload: b.payload)])
          cases += member(one, text).restricted(to: i.guard, in: z3).cases
        case (.list(.elements(let items)), .int(let position)):
          guard let at = Literal.int(position, z3) else { return approximate(expr, "list[index]", scope) }
          if at >= 0 && at < items.count {
            cases += items[Int(at)].restricted(to: z3.and([b.guard, i.guard]), in: z3).cases
          }
        case (.list, _), (.path, _), (.opaque, _):
          return approximate(expr, "index", scope)
        default: continue
        }
      }
    }
    return SymbolicValue(cases)
  }

  /// A path literal: each `$(...)` a string segment (or a path's segments).
  private func pathLiteral(_ expr: Expr, _ segments: [PathSegment], _ scope: EncodingScope) -> SymbolicValue {
    var terms: [Term] = []
    var guards: [Term] = []
    for segment in segments {
      switch segment {
      case .literal(let text):
        terms += text.split(separator: "/", omittingEmptySubsequences: true).map { z3.string(String($0)) }
      case .interpolation(let inner):
        let value = encode(inner, scope)
        let strings = value.cases.compactMap { c -> (Term, Term)? in
          if case .string(let s) = c.payload { (c.guard, s) } else { nil }
        }
        if value.cases.count == 1, case .path(let parts) = value.cases[0].payload {
          terms += parts
          guards.append(value.cases[0].guard)
        } else if strings.count == 1 {
          terms.append(strings[0].1)
          guards.append(strings[0].0)
        } else if strings.isEmpty && value.cases.allSatisfy({ if case .path = $0.payload { false } else { true } }) {
          return approximate(expr, "path segment of type \(value.cases.first?.payload.typeName ?? "error")", scope)
        } else {
          return approximate(expr, "path", scope)
        }
      }
    }
    return SymbolicValue([SymbolicCase(guard: z3.and(guards), payload: .path(terms))])
  }

  /// `value is type`.
  private func typeTest(_ expr: Expr, _ value: SymbolicValue, _ type: String, _ scope: EncodingScope)
    -> SymbolicValue
  {
    if ["latlng", "path", "bytes", "constraint"].contains(type) { return approximate(expr, "is \(type)", scope) }
    var yes: [Term] = []
    var no: [Term] = []
    for c in value.cases {
      let name = c.payload.typeName
      let matches = name == type || (type == "number" && (name == "int" || name == "float"))
      if matches { yes.append(c.guard) } else { no.append(c.guard) }
    }
    return .boolean(isTrue: z3.or(yes), isFalse: z3.or(no), in: z3)
  }
}

/// Reading constant terms back (a key, a position).
enum Literal {
  static func string(_ term: Term, _ z3: Z3) -> String? {
    guard z3.lib.isString(z3.context, term), let text = z3.lib.getString(z3.context, term) else { return nil }
    return Z3.unescaped(String(cString: text))
  }

  static func int(_ term: Term, _ z3: Z3) -> Int64? {
    guard let text = z3.lib.getNumeralString(z3.context, term) else { return nil }
    return Int64(String(cString: text))
  }
}
