import FirestoreModel
import Testing

@testable import RulesEngine

@Suite("LatLng")
struct LatLngTests {
  private func value(_ lat: RulesValue, _ lng: RulesValue) throws -> RulesValue {
    try Builtins.callNamespaceFunction("latlng", "value", [lat, lng])
  }

  @Test("latlng.value accepts ints and floats in range")
  func construct() throws {
    #expect(try value(.int(0), .int(0)) == .latlng(GeoPoint(latitude: 0, longitude: 0)))
    let p = try value(.float(37.42), .float(-122.08))
    #expect(try Builtins.callMethod(p, "latitude", []) == .float(37.42))
    #expect(try Builtins.callMethod(p, "longitude", []) == .float(-122.08))
    #expect(try value(.int(90), .int(-180)) == .latlng(GeoPoint(latitude: 90, longitude: -180)))
  }

  @Test("out-of-range coordinates report the engine's text")
  func outOfRange() {
    #expect(
      errorMessage { try value(.float(-100), .float(-122.08)) }
        == "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: -100.0, longitude: -122.08."
    )
    #expect(errorMessage { try value(.int(0), .float(180.5)) } != nil)
    #expect(errorMessage { try value(.float(.nan), .int(0)) } != nil)
    #expect(errorMessage { try value(.string("1"), .int(0)) } != nil)
  }

  @Test("distance is the great-circle distance in meters")
  func distance() throws {
    let origin = try value(.int(0), .int(0))
    let oneDegree = try value(.int(0), .int(1))
    guard case .float(let meters) = try Builtins.callMethod(origin, "distance", [oneDegree]) else {
      Issue.record("distance must be a float")
      return
    }
    #expect(abs(meters - 111_195.08) < 1)  // 2πR/360 with R = 6,371,010 m
    let sf = try value(.float(37.7749), .float(-122.4194))
    let la = try value(.float(34.0522), .float(-118.2437))
    guard case .float(let sfla) = try Builtins.callMethod(sf, "distance", [la]) else {
      Issue.record("expected a float distance")
      return
    }
    #expect(abs(sfla - 559_121) < 1_000)
    #expect(try Builtins.callMethod(sf, "distance", [sf]) == .float(0))
    #expect(errorMessage { try Builtins.callMethod(sf, "distance", [.int(1)]) } != nil)
  }
}
