import FirestoreModel

/// How one field takes part in an index: ordered ascending or descending, array
/// membership (`arrayConfig: CONTAINS`), or a vector or search configuration (kept
/// verbatim; Flint compares them but never needs them for a query).
package enum IndexFieldMode: Hashable, Sendable {
  case ascending
  case descending
  case contains
  case vector(JSONValue)
  case search(JSONValue)

  /// Whether the mode orders entries (ASCENDING or DESCENDING).
  package var isDirectional: Bool { self == .ascending || self == .descending }

  /// The text used in plans and messages: `ASC`, `DESC`, `CONTAINS`, `VECTOR`, `SEARCH`.
  package var shortName: String {
    switch self {
    case .ascending: "ASC"
    case .descending: "DESC"
    case .contains: "CONTAINS"
    case .vector: "VECTOR"
    case .search: "SEARCH"
    }
  }

  /// The manifest member for this mode: `"order": "ASCENDING"`, `"arrayConfig": "CONTAINS"`, ...
  var manifestMember: (key: String, value: JSONValue) {
    switch self {
    case .ascending: ("order", "ASCENDING")
    case .descending: ("order", "DESCENDING")
    case .contains: ("arrayConfig", "CONTAINS")
    case .vector(let config): ("vectorConfig", config)
    case .search(let config): ("searchConfig", config)
    }
  }

  /// The CLI's sort rank of a field's mode: order ASC < DESC < none, then arrayConfig,
  /// vector, search.
  var sortRank: Int {
    switch self {
    case .ascending: 0
    case .descending: 1
    case .contains: 2
    case .vector: 3
    case .search: 4
    }
  }
}
