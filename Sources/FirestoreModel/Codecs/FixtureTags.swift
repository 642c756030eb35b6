/// The type tags of Flint's tagged fixture JSON: an object whose only key is one of these.
package enum FixtureTag: String, CaseIterable, Sendable {
  /// `{"__timestamp__": "2024-01-01T00:00:00Z"}` (RFC 3339)
  case timestamp = "__timestamp__"
  /// `{"__ref__": "/users/alice"}`: a document reference (even number of segments).
  case reference = "__ref__"
  /// `{"__path__": "/databases/(default)/documents/users/alice"}`: a rules path, not a document value.
  case path = "__path__"
  /// `{"__latlng__": [lat, lng]}`
  case latLng = "__latlng__"
  /// `{"__bytes__": "base64"}` (standard alphabet, padded)
  case bytes = "__bytes__"
  /// `{"__server_timestamp__": true}`: the request time of the write being tested.
  case serverTimestamp = "__server_timestamp__"
  /// `{"__double__": "NaN"}`, `"Infinity"`, `"-Infinity"`, or a number: a double JSON cannot
  /// spell, or an integral number that must stay a double.
  case double = "__double__"

  /// Whether a key looks like a tag (`__x__`; the same shape Firestore reserves as `__.*__`).
  package static func looksLikeTag(_ key: String) -> Bool {
    key.utf8.count >= 4 && key.hasPrefix("__") && key.hasSuffix("__")
  }
}
