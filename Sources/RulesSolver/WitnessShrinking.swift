import FirestoreModel

extension Candidate {
  /// The candidate without the fields it does not need: each top-level field of the written data
  /// and of the stored documents is dropped, first from every map that holds it, then from each
  /// alone, as long as `confirm` (Flint's engine on both rulesets) still sees the flip. The solver
  /// fills fields no condition needs with whatever its model holds; a witness reads best with only
  /// what decides it. At most two confirmations per field (one per field of a stored object).
  func shrunk(confirm: (Candidate) -> Bool) -> Candidate {
    var current = self
    var keys = Set(request.resourceData.map { Array($0.keys) } ?? [])
    for document in documents { keys.formUnion(document.fields.keys) }
    for key in keys.sorted() {
      if let everywhere = current.removing(key, fromData: true, fromDocuments: documents.indices),
        confirm(everywhere)
      {
        current = everywhere
        continue
      }
      for index in documents.indices {
        if let alone = current.removing(key, fromData: false, fromDocuments: index..<index + 1), confirm(alone) {
          current = alone
        }
      }
      if let alone = current.removing(key, fromData: true, fromDocuments: 0..<0), confirm(alone) { current = alone }
    }
    // A stored Storage object's fields, one at a time (a dropped one takes its default).
    for (name, fields) in current.objects.objects.sorted(by: { $0.key < $1.key }) {
      for key in fields.keys.sorted() {
        var without = current
        without.objects.objects[name]?.removeValue(forKey: key)
        if confirm(without) { current = without }
      }
    }
    return current
  }

  /// The candidate with `key` removed from the written data (if `fromData`) and from the documents
  /// at `indices`; nil when none of them holds it.
  private func removing(_ key: String, fromData: Bool, fromDocuments indices: Range<Int>) -> Candidate? {
    var result = self
    var removed = false
    if fromData, result.request.resourceData?.removeValue(forKey: key) != nil { removed = true }
    for index in indices where result.documents[index].fields.removeValue(forKey: key) != nil { removed = true }
    return removed ? result : nil
  }
}
