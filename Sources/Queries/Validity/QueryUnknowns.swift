import RulesLanguage

/// A value a query names that nothing binds: a variable (`orgId`, `auth.currentUser.uid`) or an
/// expression Flint does not compute (`Timestamp.fromDate(start)`), with its first use.
/// Equality is by name.
package struct UnknownValue: Hashable, Sendable {
  package var name: String
  package var range: SourceRange

  package init(name: String, range: SourceRange) {
    self.name = name
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  package func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// The error a proof or an execution reports when it needs this value.
  package var error: QueryError { .unbound(name, at: range) }
}

/// The unknown values of a query: it is valid, normalized and its index known without them
/// (in a context with `placeholdersForUnbound`), but a proof or an execution needs them.
package enum QueryUnknowns {
  /// Each unbound name once, in written order.
  package static func find(in query: Query, context: QueryContext) -> [UnknownValue] {
    var finder = Finder(context: context)
    for part in query.source.parts {
      switch part {
      case .value(let expr), .parent(let expr): finder.visit(expr)
      case .text: break
      }
    }
    for step in query.steps {
      switch step.kind {
      case .filter(let filter): finder.visit(filter)
      case .limit(let expr), .limitToLast(let expr), .offset(let expr): finder.visit(expr)
      case .cursor(_, let values):
        for value in values { finder.visit(value) }
      case .orderBy, .select, .aggregate, .queryCall: break
      }
    }
    return finder.found
  }

  private struct Finder {
    let context: QueryContext
    var found: [UnknownValue] = []

    mutating func visit(_ filter: FilterExpr) {
      switch filter.kind {
      case .field(_, _, let value): visit(value)
      case .composite(_, let children):
        for child in children { visit(child) }
      case .nonFilter: break
      }
    }

    mutating func visit(_ expr: ValueExpr) {
      switch expr.kind {
      case .variable(let segments) where context.lookup(segments) == nil:
        add(segments.joined(separator: "."), expr.range)
      case .expression(let text) where context.lookup([text]) == nil:
        add(text, expr.range)
      case .array(let items):
        for item in items { visit(item) }
      case .map(let entries):
        for entry in entries { visit(entry.value) }
      default: break
      }
    }

    mutating func add(_ name: String, _ range: SourceRange) {
      let value = UnknownValue(name: name, range: range)
      if !found.contains(value) { found.append(value) }
    }
  }
}
