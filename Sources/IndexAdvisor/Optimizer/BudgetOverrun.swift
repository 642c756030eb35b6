/// An existing manifest that already holds more entries of one kind than its budget allows
/// (`--limit` for composite indexes, `--override-limit` for field overrides). Existing entries
/// are never dropped for it (only `--prune` removes unused indexes), so nothing of that kind is
/// added, and the plan says so: the result breaks the user's stated limit.
public struct BudgetOverrun: Hashable, Sendable {
  public enum Entries: String, Hashable, Sendable {
    case composite
    case overrides
  }

  public var entries: Entries
  /// Entries of that kind in the manifest to write (after `--prune`).
  public var count: Int
  public var limit: Int
  /// Existing composite indexes no query uses that `--prune` would remove (0 once pruned, and
  /// for overrides, which are never pruned).
  public var prunable: Int
  /// Whether `--prune` already ran.
  public var pruned: Bool
  /// Queries of the workload left unserved.
  public var unserved: Int

  /// `--limit` or `--override-limit`.
  public var option: String { entries == .composite ? "--limit" : "--override-limit" }

  /// One sentence: the count and the limit, what was not done, what stays unserved, the fix.
  public var message: String {
    let noun =
      entries == .composite
      ? plural(count, "composite index", "composite indexes") : plural(count, "field override", "field overrides")
    let holds = pruned ? "still holds \(noun) after --prune" : "already holds \(noun)"
    let kind = entries == .composite ? "no composite index" : "no field override"
    var text = "the manifest \(holds), more than \(option) \(limit): \(kind) was added"
    text += unserved == 0 ? "" : ", so \(plural(unserved, "query stays", "queries stay")) unserved"
    let raise = "raise --limit (Firestore allows 200 without billing, 1,000 with)"
    switch entries {
    case .composite where prunable > 0 && count - prunable <= limit:
      text += "; --prune removes the \(plural(prunable, "unused index", "unused indexes")), or \(raise)"
    case .composite where prunable > 0:
      text += "; --prune removes the \(plural(prunable, "unused index", "unused indexes")) but leaves "
      text += "\((count - prunable).formatted), so also \(raise)"
    case .composite:
      text += "; \(raise), or remove indexes by hand"
    case .overrides:
      text += "; raise --override-limit (Firestore allows 200 single-field index configurations)"
    }
    return text
  }

  private func plural(_ n: Int, _ one: String, _ many: String) -> String {
    "\(n.formatted) \(n == 1 ? one : many)"
  }
}

extension Int {
  /// With thousands separators: `1,000`.
  fileprivate var formatted: String {
    let digits = String(magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return (self < 0 ? "-" : "") + out
  }
}
