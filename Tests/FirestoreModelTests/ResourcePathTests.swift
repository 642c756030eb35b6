import FirestoreModel
import Testing

@Suite struct ResourcePathTests {
  @Test func parsesWithAndWithoutLeadingSlash() {
    #expect(ResourcePath(parsing: "/users/alice")?.segments == ["users", "alice"])
    #expect(ResourcePath(parsing: "users/alice")?.segments == ["users", "alice"])
    #expect(ResourcePath(parsing: "users//alice") == nil)
  }

  /// The one splitter: an empty segment is an error wherever it is, never dropped (`users//x` is
  /// no path, not `users/x`); only the SDK reading tolerates one trailing slash.
  @Test func anEmptySegmentIsNeverDropped() {
    for text in ["users//x", "//users/x", "users/x//", "users/x/", "a/b//"] {
      #expect(ResourcePath.segments(of: text) == nil, "\(text)")
    }
    for text in ["users//x", "//users/x", "users/x//"] {
      #expect(ResourcePath.segments(of: text, allowingTrailingSlash: true) == nil, "\(text)")
    }
    #expect(ResourcePath.segments(of: "/users/x/", allowingTrailingSlash: true) == ["users", "x"])
    #expect(ResourcePath.segments(of: "") == [])
    #expect(ResourcePath.segments(of: "/") == [])
  }

  @Test func ordersSegmentBySegment() {
    let a = ResourcePath(parsing: "a/b")!
    let ab = ResourcePath(parsing: "a/b/c/d")!
    let b = ResourcePath(parsing: "a/c")!
    #expect(a < ab)
    #expect(ab < b)
  }
}
