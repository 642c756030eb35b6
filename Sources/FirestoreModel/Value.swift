/// A Firestore document value, as stored in a document field.
///
/// Maps compare by content, not key order. `integer` and `double` are distinct
/// types on the wire, but compare numerically in Firestore's ordering.
package indirect enum Value: Hashable, Sendable {
  case null
  case boolean(Bool)
  case integer(Int64)
  case double(Double)
  case timestamp(Timestamp)
  case string(String)
  case bytes([UInt8])
  case reference(ResourcePath)
  case geoPoint(GeoPoint)
  case array([Value])
  case map([String: Value])
}

/// A latitude/longitude pair in degrees.
package struct GeoPoint: Hashable, Sendable {
  package var latitude: Double
  package var longitude: Double

  package init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}
