import FirestoreModel
import Queries
import RulesEngine
import Testing

/// Each constraint kind (spec §7.2/§7.3): equalities, ranges as intervals, `!=`/`not-in` as
/// exclusions, `array-contains` as membership, and the rule operators checked against them.
@Suite struct ProofConstraintTests {
  typealias H = ProofHarness

  private func allowed(_ rule: String, _ filters: String) -> Bool {
    H.allowed(rule, #"collection("items")"# + filters)
  }

  @Test("equality implies comparisons (EQ 6 ⇒ > 5), int and float alike")
  func equality() {
    #expect(allowed("resource.data.x > 5", #".where("x", "==", 6)"#))
    #expect(allowed("resource.data.x == 6.0", #".where("x", "==", 6)"#))
    #expect(allowed("6 <= resource.data.x", #".where("x", "==", 6)"#))
    #expect(!allowed("resource.data.x > 6", #".where("x", "==", 6)"#))
    #expect(
      allowed("resource.data.name == 'a' && resource.data.x != 7", #".where("name", "==", "a").where("x", "==", 6)"#))
    #expect(allowed("resource.data.tags == ['a', 'b']", #".where("tags", "==", ["a", "b"])"#))
  }

  @Test("ranges are intervals (P17: x > 6 ⇒ x > 5)")
  func ranges() {
    #expect(allowed("resource.data.x > 5", #".where("x", ">", 6)"#))
    #expect(allowed("resource.data.x > 5", #".where("x", ">", 5)"#))
    #expect(allowed("resource.data.x >= 5", #".where("x", ">", 5)"#))
    #expect(!allowed("resource.data.x > 5", #".where("x", ">=", 5)"#))
    #expect(allowed("resource.data.x > 5", #".where("x", ">=", 5).where("x", "!=", 5)"#))
    #expect(allowed("resource.data.x > 5 && resource.data.x < 10", #".where("x", ">", 5).where("x", "<=", 9)"#))
    #expect(allowed("resource.data.name >= 'm'", #".where("name", ">", "n")"#))
    #expect(!allowed("resource.data.name >= 'm'", #".where("name", ">", "a")"#))
  }

  @Test("an upper bound alone proves the same bound: NaN (sorted below every number) is set aside")
  func upperBoundAloneIsAllowed() {
    #expect(allowed("resource.data.x < 10", #".where("x", "<", 5)"#))
    #expect(allowed("resource.data.age < 30", #".where("age", "<", 30)"#))
    #expect(allowed("resource.data.x <= 5", #".where("x", "<=", 5)"#))
    #expect(allowed("resource.data.x < 10", #".where("x", ">", 0).where("x", "<", 5)"#))
    #expect(allowed("resource.data.x < 10", #".where("x", ">=", -Infinity).where("x", "<", 5)"#))
    #expect(allowed("resource.data.x != 10", #".where("x", "<", 5)"#))
    // Still denied when the bound does not imply the rule's.
    #expect(!allowed("resource.data.x < 5", #".where("x", "<", 10)"#))
    let proof = H.prove(H.items("resource.data.age < 30"), #"collection("items").where("age", "<", 30)"#)
    #expect(proof.suggestions.isEmpty)
  }

  @Test("a range keeps its type class: other types compare unequal, orderings error")
  func typeClass() {
    #expect(allowed("resource.data.x != 'a'", #".where("x", ">", 3)"#))
    #expect(allowed("resource.data.x != null", #".where("x", ">", 3)"#))
    #expect(!allowed("resource.data.x == 'a'", #".where("x", ">", 3)"#))
    let proof = H.prove(H.items("resource.data.x < 'z'"), #"collection("items").where("x", ">", 3)"#)
    #expect(proof.branches[0].attempts[0].outcome.isError)
    #expect(allowed("!(resource.data.x < 'z') || true", #".where("x", ">", 3)"#))
  }

  @Test("!= and not-in are exclusions (P14)")
  func exclusions() {
    #expect(allowed("resource.data.x != 1", #".where("x", "==", 2)"#))
    #expect(allowed("resource.data.x != 1", #".where("x", "!=", 1)"#))
    #expect(allowed("resource.data.x != 1", #".where("x", "not-in", [1, 2])"#))
    #expect(allowed("resource.data.x != null", #".where("x", "not-in", [1, 2])"#))
    #expect(!allowed("resource.data.x != 3", #".where("x", "not-in", [1, 2])"#))
    #expect(!allowed("resource.data.x == 2", #".where("x", "!=", 1)"#))
  }

  @Test("array-contains gives membership (P15)")
  func membership() {
    let rule = "request.auth.uid in resource.data.members"
    #expect(allowed(rule, #".where("members", "array-contains", auth.uid)"#))
    #expect(!allowed(rule, #".where("members", "array-contains", "bob")"#))
    #expect(allowed(rule, #".where("members", "==", ["bob", "alice"])"#))
    let proof = H.prove(H.items(rule), #"collection("items")"#)
    #expect(proof.suggestions == [#".where("members", "array-contains", auth.uid)"#])
    #expect(allowed("'x' in resource.data.tags", #".where("tags", "array-contains-any", ["x"])"#))
    #expect(!allowed("'x' in resource.data.tags", #".where("tags", "array-contains-any", ["x", "y"])"#))
  }

  @Test("rule 'field in list' is decided per element")
  func fieldInList() {
    let rule = "resource.data.status in ['open', 'review']"
    #expect(allowed(rule, #".where("status", "==", "open")"#))
    #expect(allowed(rule, #".where("status", "in", ["open", "review"])"#))
    #expect(!allowed(rule, #".where("status", "in", ["open", "closed"])"#))
    #expect(
      H.prove(H.items(rule), #"collection("items")"#).suggestions == [#".where("status", "in", ["open", "review"])"#])
  }

  @Test("a field used as a condition stands for field == true")
  func booleanField() {
    #expect(allowed("resource.data.published", #".where("published", "==", true)"#))
    #expect(!allowed("resource.data.published", #".where("published", "==", false)"#))
    #expect(allowed("!resource.data.hidden", #".where("hidden", "==", false)"#))
    #expect(
      H.prove(H.items("resource.data.published"), #"collection("items")"#).suggestions == [
        #".where("published", "==", true)"#
      ])
    #expect(
      H.prove(H.items("!resource.data.hidden"), #"collection("items")"#).suggestions == [
        #".where("hidden", "==", false)"#
      ])
  }

  @Test("negation flips suggestions: !(x == c) suggests x != c")
  func negatedSuggestion() {
    let proof = H.prove(H.items("!(resource.data.state == 'deleted')"), #"collection("items")"#)
    #expect(proof.suggestions == [#".where("state", "!=", "deleted")"#])
    #expect(allowed("!(resource.data.state == 'deleted')", #".where("state", "!=", "deleted")"#))
  }

  @Test("nested fields, and equality on an enclosing map")
  func nestedFields() {
    #expect(allowed("resource.data.address.country == 'JP'", #".where("address.country", "==", "JP")"#))
    #expect(allowed("resource.data.address.country == 'JP'", #".where("address", "==", {country: "JP", zip: "1"})"#))
    #expect(allowed("resource.data['address']['country'] == 'JP'", #".where("address.country", "==", "JP")"#))
    #expect(!allowed("resource.data.address.country == 'JP'", #".where("address.zip", "==", "JP")"#))
  }

  @Test("timestamps compare as intervals too")
  func timestamps() {
    let rule = "resource.data.at > timestamp.date(2024, 1, 1)"
    #expect(allowed(rule, #".where("at", ">=", timestamp("2024-06-01T00:00:00Z"))"#))
    #expect(!allowed(rule, #".where("at", ">=", timestamp("2023-06-01T00:00:00Z"))"#))
  }

  @Test("document ids: resource.id and resource.__name__ from documentId() filters (P16)")
  func documentIDs() {
    #expect(allowed("resource.id == 'a1'", #".where(documentId(), "==", "a1")"#))
    #expect(allowed("resource.id in ['a1', 'b2']", #".where(documentId(), "in", ["a1", "b2"])"#))
    #expect(allowed("resource.id != 'z'", #".where(documentId(), "not-in", ["z"])"#))
    #expect(!allowed("resource.id == 'a1'", #".where(documentId(), ">=", "a1")"#))
    #expect(
      allowed(
        "resource.__name__ == /databases/$(database)/documents/items/a1", #".where(documentId(), "==", "a1")"#))
    let proof = H.prove(H.items("resource.id == 'a1'"), #"collection("items")"#)
    #expect(proof.suggestions == [#".where(documentId(), "==", "a1")"#])
  }

  @Test("resource and resource.data are never null")
  func documentIsNotNull() {
    #expect(allowed("resource != null && resource.data != null", ""))
    #expect(!allowed("resource == null", ""))
  }
}

extension AllowAttempt.Outcome {
  var isError: Bool {
    if case .error = self { return true }
    return false
  }
}
