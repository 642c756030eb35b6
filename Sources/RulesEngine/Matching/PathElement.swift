/// One element of a request path as the matcher sees it.
///
/// Concrete requests are plain segments. A `list` request stands for every document
/// of a collection, so its last element is `anyID`; a collection-group query also
/// stands for every parent path, written as `anyRun` (zero or more segments).
enum PathElement: Hashable, Sendable {
  case segment(String)
  /// Any single document id (the documents a query may return).
  case anyID
  /// Any run of segments (the parents of a collection group).
  case anyRun
}

/// The value a wildcard was bound to by a match.
enum WildcardValue: Hashable, Sendable {
  /// `{name}`: one segment, bound as a string.
  case segment(String)
  /// `{name=**}`: a run of segments, bound as a path.
  case run([String])
  /// Part of the binding is not known for this request (a `list` request's document id,
  /// a collection group's parents); reading the variable needs query constraints.
  case unknown
}

/// A wildcard variable with the value a match bound it to.
struct WildcardBinding: Hashable, Sendable {
  var name: String
  var value: WildcardValue
}
