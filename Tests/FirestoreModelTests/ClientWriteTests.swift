import FirestoreModel
import Testing

/// Partial writes and field transforms produce the document `request.resource.data` holds.
@Suite struct ClientWriteTests {
  static let stored: [String: Value] = [
    "name": .string("Alice"), "count": .integer(1), "tags": .array([.string("a")]),
    "profile": .map(["city": .string("Paris"), "zip": .string("75001")]),
  ]

  @Test func updateMergesDottedPathsOntoTheStoredDocument() {
    let write = ClientWrite.update([
      (FieldPath(parsing: "profile.city")!, .value(.string("Lyon"))),
      (FieldPath(parsing: "count")!, .transform(.increment(.integer(2)))),
      (FieldPath(parsing: "tags")!, .transform(.arrayUnion([.string("a"), .string("b")]))),
      (FieldPath(parsing: "name")!, .transform(.delete)),
    ])
    #expect(
      write.document(after: Self.stored) == [
        "count": .integer(3), "tags": .array([.string("a"), .string("b")]),
        "profile": .map(["city": .string("Lyon"), "zip": .string("75001")]),
      ])
  }

  @Test func setMergeMergesMapsAndSetReplaces() {
    let data: [String: WriteValue] = ["profile": .map(["city": .value(.string("Lyon"))])]
    #expect(
      ClientWrite.setMerge(data).document(after: Self.stored)["profile"]
        == .map(["city": .string("Lyon"), "zip": .string("75001")]))
    #expect(ClientWrite.set(data).document(after: Self.stored) == ["profile": .map(["city": .string("Lyon")])])
    let fields = ClientWrite.setMergeFields(
      ["name": .value(.string("Al")), "count": .value(.integer(9))], [FieldPath(["name"])])
    #expect(fields.document(after: Self.stored)["name"] == .string("Al"))
    #expect(fields.document(after: Self.stored)["count"] == .integer(1))
  }

  @Test func transformsOnMissingOrMistypedFields() {
    #expect(FieldTransform.increment(.integer(5)).apply(to: nil) == .integer(5))
    #expect(FieldTransform.increment(.integer(1)).apply(to: .double(0.5)) == .double(1.5))
    #expect(FieldTransform.increment(.integer(1)).apply(to: .integer(.max)) == .integer(.max))
    #expect(FieldTransform.arrayRemove([.integer(1)]).apply(to: .string("x")) == .array([]))
    #expect(
      FieldTransform.arrayRemove([.integer(1)]).apply(to: .array([.integer(1), .integer(2), .double(1)]))
        == .array([.integer(2)]))
  }

  @Test func dottedPathsWithBackticks() {
    #expect(FieldPath(parsing: "a.b")?.segments == ["a", "b"])
    #expect(FieldPath(parsing: "`a.b`.c")?.segments == ["a.b", "c"])
    #expect(FieldPath(parsing: "a..b") == nil)
    #expect(FieldPath(parsing: "`a") == nil)
    #expect(FieldPath(parsing: "") == nil)
  }
}
