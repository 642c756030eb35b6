import FirestoreModel
import Foundation
import IndexAdvisor
import Testing

/// The console link's `create_composite` payload (spec §6.6).
@Suite("Console create-index links")
struct ConsoleLinkTests {
  @Test("the spec's decoded example encodes to the same payload")
  func decodedExample() {
    let index = CompositeIndex(
      collectionGroup: "color", scope: .collection,
      fields: [IndexField(FieldPath(["foo"]), .ascending), IndexField(FieldPath(["bar"]), .ascending)])
    let payload = ConsoleLink.payload(index, project: "example.com:id", database: "(default)")
    #expect(
      payload
        == "Ckxwcm9qZWN0cy9leGFtcGxlLmNvbTppZC9kYXRhYmFzZXMvKGRlZmF1bHQpL2NvbGxlY3Rpb25Hcm91cHMvY29sb3IvaW5kZXhlcy9fEAEaBwoDZm9vEAEaBwoDYmFyEAEaDAoIX19uYW1lX18QAQ"
    )
  }

  @Test("links are URL-safe, unpadded, and name the database when it is not the default")
  func linkShape() {
    let index = CompositeIndex(
      collectionGroup: "posts", scope: .collectionGroup,
      fields: [IndexField(FieldPath(["tags"]), .contains), IndexField(FieldPath(["at"]), .descending)])
    let url = ConsoleLink.url(index, project: "p", database: "shop")
    #expect(
      url.hasPrefix(
        "https://console.firebase.google.com/v1/r/project/p/firestore/databases/shop/indexes?create_composite="))
    let payload = String(url.split(separator: "=", maxSplits: 1)[1])
    #expect(!payload.contains("+") && !payload.contains("/") && !payload.contains("="))
    // Decoded: the name, scope 2 (COLLECTION_GROUP), CONTAINS (field 3 = 1), DESC, __name__ DESC.
    var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    let bytes = Array(Data(base64Encoded: base64) ?? Data())
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("projects/p/databases/shop/collectionGroups/posts/indexes/_"))
    #expect(bytes.contains(0x10) && bytes.last == 0x02)  // __name__ DESC closes the message
  }
}
