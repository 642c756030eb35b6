import FirestoreModel

/// Batched writes and transactions (spec §6.2, §6.8): every write is evaluated on its own,
/// `getAfter`/`existsAfter` see the store with the whole batch applied, at most 20 lookups
/// are charged across the batch (10 per write), and the batch is all-or-nothing.
extension Evaluator {
  /// Decides a batch. Each write's `resource` is the document before the batch. Each
  /// `Decision` is that write's own verdict; `BatchDecision.allowed` is the batch's.
  package func evaluate(batch: [Request], store: DocumentStore) -> BatchDecision {
    let after = Self.applying(batch, to: store)
    var decisions: [Decision] = []
    decisions.reserveCapacity(batch.count)
    var charged = 0
    var breach: String?
    for request in batch {
      let context = EvaluationContext(
        ruleset: ruleset, request: request, store: store, database: request.database,
        afterState: request.method.isWrite ? after : nil, options: options, batchLookupsBefore: charged)
      let decision = decide(request, context)
      charged += context.charged.count
      if breach == nil, let limit = decision.trace.limitBreach { breach = limit }
      decisions.append(decision)
    }
    let allowed = !batch.isEmpty && breach == nil && decisions.allSatisfy(\.allowed)
    return BatchDecision(allowed: allowed, decisions: decisions, lookupCount: charged, limitBreach: breach)
  }
}
