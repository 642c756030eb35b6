import FirestoreModel
import Testing

@Suite struct ResourcePathTests {
  @Test func parsesWithAndWithoutLeadingSlash() {
    #expect(ResourcePath(parsing: "/users/alice")?.segments == ["users", "alice"])
    #expect(ResourcePath(parsing: "users/alice")?.segments == ["users", "alice"])
    #expect(ResourcePath(parsing: "users//alice") == nil)
  }

  @Test func ordersSegmentBySegment() {
    let a = ResourcePath(parsing: "a/b")!
    let ab = ResourcePath(parsing: "a/b/c/d")!
    let b = ResourcePath(parsing: "a/c")!
    #expect(a < ab)
    #expect(ab < b)
  }
}
