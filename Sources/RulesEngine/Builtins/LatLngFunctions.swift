import FirestoreModel

#if canImport(Glibc)
  import Glibc  // sin, cos, asin
#elseif canImport(Darwin)
  import Darwin
#endif

/// Methods on `latlng`: `latitude()`, `longitude()`, `distance(other)` in meters.
enum LatLngMethods {
  /// The Earth radius of Google's S2 geometry library (`S2Earth`), in meters.
  static let earthRadiusMeters = 6_371_010.0

  static func call(_ point: GeoPoint, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    switch name {
    case "latitude":
      try Arguments.expect(args, count: 0, name)
      return .float(point.latitude)
    case "longitude":
      try Arguments.expect(args, count: 0, name)
      return .float(point.longitude)
    case "distance":
      let argument = try Arguments.single(args, name)
      guard case .latlng(let other) = argument else { throw .badArguments("latlng", name, args, expected: "latlng") }
      return .float(distance(point, other))
    default:
      throw .functionNotFound(name)
    }
  }

  /// Great-circle distance by the haversine formula on a sphere.
  static func distance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
    let lat1 = a.latitude * .pi / 180
    let lat2 = b.latitude * .pi / 180
    let dLat = lat2 - lat1
    let dLng = (b.longitude - a.longitude) * .pi / 180
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLng / 2) * sin(dLng / 2)
    return 2 * earthRadiusMeters * asin(min(1, h.squareRoot()))
  }
}

/// `latlng.value(lat, lng)`: ints are accepted; out-of-range coordinates are an error.
enum LatLngFunctions {
  static func call(_ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    guard name == "value" else { throw .functionNotFound("latlng.\(name)") }
    try Arguments.expect(args, count: 2, "latlng.value")
    guard let lat = Arguments.number(args[0]), let lng = Arguments.number(args[1]) else {
      throw .badArguments("latlng", name, args, expected: "number,number")
    }
    guard (-90...90).contains(lat), (-180...180).contains(lng) else {
      throw EvalError(
        "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: "
          + "\(JavaNumberFormat.string(lat)), longitude: \(JavaNumberFormat.string(lng)).")
    }
    return .latlng(GeoPoint(latitude: lat, longitude: lng))
  }
}
