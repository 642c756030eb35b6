import FirestoreModel

/// What one branch's filters guarantee about one value of every document the branch can
/// return: the emulator's `constraintValue`, a conjunction of simple constraints
/// (`EQ`, `NEQ`, `GT`, `GTE`, `LT`, `LTE`, `LIST_CONTAINS`; rules-semantics §7.2).
///
/// The set of values a constraint admits follows the query engine's filter semantics
/// (`FilterMatcher`): any filter requires the field to be present; ranges keep to the
/// filter value's type class (NaN sorts below every number); `!=`/`not-in` exclude null.
/// Dropping an atom only widens that set, so the prover may ignore atoms it cannot use.
struct FieldConstraint: Sendable {
  enum Op: Sendable {
    case eq, neq, lt, lte, gt, gte, contains

    var isRange: Bool { self == .lt || self == .lte || self == .gt || self == .gte }
  }

  struct Atom: Sendable {
    var op: Op
    var value: Value
  }

  /// What is constrained, for explanations: `resource.data.owner`, `resource.id`, ...
  /// (written when an explanation needs it).
  var subject: String {
    dataSegments.map { "resource.data." + $0.joined(separator: ".") } ?? fixedSubject
  }
  /// The path under `resource.data`, or nil for `fixedSubject`.
  private var dataSegments: [String]?
  private var fixedSubject: String
  /// The field path to suggest filters on (`__name__` for the document id).
  var field: FieldPath
  var atoms: [Atom]
  /// The query filters the atoms came from, for explanations.
  var filters: [FieldFilter]

  init(subject: String, field: FieldPath, atoms: [Atom] = [], filters: [FieldFilter] = []) {
    self.dataSegments = nil
    self.fixedSubject = subject
    self.field = field
    self.atoms = atoms
    self.filters = filters
  }

  /// The constraint on `resource.data.<segments>`.
  init(dataSegments: [String], field: FieldPath, atoms: [Atom] = [], filters: [FieldFilter] = []) {
    self.dataSegments = dataSegments
    self.fixedSubject = ""
    self.field = field
    self.atoms = atoms
    self.filters = filters
  }

  /// The atoms of one filter; operators the prover does not model contribute none.
  static func atoms(of filter: FieldFilter) -> [Atom] {
    switch filter.op {
    case .equal: [Atom(op: .eq, value: filter.value)]
    case .notEqual: [Atom(op: .neq, value: filter.value)]
    case .lessThan: [Atom(op: .lt, value: filter.value)]
    case .lessThanOrEqual: [Atom(op: .lte, value: filter.value)]
    case .greaterThan: [Atom(op: .gt, value: filter.value)]
    case .greaterThanOrEqual: [Atom(op: .gte, value: filter.value)]
    case .arrayContains: [Atom(op: .contains, value: filter.value)]
    case .notIn:
      if case .array(let values) = filter.value { values.map { Atom(op: .neq, value: $0) } } else { [] }
    case .in, .arrayContainsAny: []
    }
  }

  /// Whether the branch says nothing about the value (it may even be missing).
  var isUnconstrained: Bool { atoms.isEmpty }

  /// The filters as text (`owner == "alice" && age > 3`), or `no filter`.
  var filterText: String {
    filters.isEmpty ? "no filter" : filters.map(\.description).joined(separator: " && ")
  }
}

/// The constraints one branch puts on every value a rule can read from `resource`.
struct BranchConstraints: Sendable {
  let branch: ProofBranch
  let scope: QueryScope
  private var byField: [FieldPath: [FieldFilter]] = [:]
  private var nameFilters: [FieldFilter] = []

  init(branch: ProofBranch, scope: QueryScope) {
    self.branch = branch
    self.scope = scope
    for filter in branch.filters {
      if filter.field.isDocumentID {
        nameFilters.append(filter)
      } else {
        byField[filter.field, default: []].append(filter)
      }
    }
  }

  /// `resource.data.<segments>`: the filters on that path, plus the value an equality on an
  /// enclosing map fixes (`a == {b: 1}` gives `a.b` the atom `EQ 1`).
  func data(_ segments: [String]) -> FieldConstraint {
    let path = FieldPath(segments)
    guard !segments.isEmpty, !path.isDocumentID else { return FieldConstraint(dataSegments: segments, field: path) }
    let filters = byField[path] ?? []
    var atoms = filters.flatMap(FieldConstraint.atoms(of:))
    var used = filters
    for length in stride(from: segments.count - 1, through: 1, by: -1) {
      let prefix = FieldPath(Array(segments[0..<length]))
      for filter in byField[prefix] ?? [] where filter.op == .equal {
        if let nested = Self.walk(filter.value, Array(segments[length...])) {
          atoms.append(FieldConstraint.Atom(op: .eq, value: nested))
          used.append(filter)
        }
      }
    }
    return FieldConstraint(dataSegments: segments, field: path, atoms: atoms, filters: used)
  }

  /// `resource.id`: string atoms from `__name__` equalities (and, for a collection query,
  /// whose documents share one parent, from `!=`/`not-in`). Ranges are not used.
  func documentID() -> FieldConstraint {
    var atoms: [FieldConstraint.Atom] = []
    for filter in nameFilters {
      for atom in FieldConstraint.atoms(of: filter) {
        guard case .reference(let path) = atom.value, let id = path.lastSegment else { continue }
        switch atom.op {
        case .eq: atoms.append(.init(op: .eq, value: .string(id)))
        case .neq where !scope.isCollectionGroup: atoms.append(.init(op: .neq, value: .string(id)))
        default: break
        }
      }
    }
    return FieldConstraint(subject: "resource.id", field: .documentID, atoms: atoms, filters: nameFilters)
  }

  /// `resource.__name__`: reference atoms from `__name__` equalities and exclusions.
  func documentName() -> FieldConstraint {
    let atoms = nameFilters.flatMap(FieldConstraint.atoms(of:)).filter { $0.op == .eq || $0.op == .neq }
    return FieldConstraint(subject: "resource.__name__", field: .documentID, atoms: atoms, filters: nameFilters)
  }

  private static func walk(_ value: Value, _ segments: [String]) -> Value? {
    var current = value
    for segment in segments {
      guard case .map(let entries) = current, let next = entries[segment] else { return nil }
      current = next
    }
    return current
  }
}
