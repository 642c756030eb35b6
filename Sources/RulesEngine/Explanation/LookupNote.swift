import FirestoreModel
import RulesLanguage

/// Explains the `get()`/`getAfter()` lookups of a denied request that found no document: which
/// document was missing, and which state the function read. `get()` reads the database as it
/// was before the request (before the whole batch); `getAfter()` as the request (or batch)
/// leaves it, so a document created in the same batch is seen only by `getAfter()`.
enum LookupNote {
  /// One note per missing document `get`/`getAfter` asked for (repeats are merged). `writes`
  /// are the requests of the batch this one belongs to (just this request when alone); a
  /// lookup of `skipping` is left out (another note already says it is missing).
  static func notes(_ trace: DecisionTrace, writes: [DecisionTrace], dataName: String, skipping: ResourcePath? = nil)
    -> [String]
  {
    var notes: [String] = []
    var seen: [(String, ResourcePath)] = []
    for lookup in trace.lookups
    where !lookup.found
      && LookupFunction(rawValue: String(lookup.function.split(separator: ".").last ?? ""))?.returnsDocument == true
    {
      if lookup.path == skipping { continue }
      if seen.contains(where: { $0.0 == lookup.function && $0.1 == lookup.path }) { continue }
      seen.append((lookup.function, lookup.path))
      notes.append(note(lookup, trace: trace, writes: writes, dataName: dataName))
    }
    return notes
  }

  private static func note(_ lookup: LookupTrace, trace: DecisionTrace, writes: [DecisionTrace], dataName: String)
    -> String
  {
    let path = "/\(lookup.path)"
    let batch = writes.count > 1
    if LookupFunction(rawValue: String(lookup.function.split(separator: ".").last ?? ""))?.readsAfterWrite == true {
      return "getAfter() found no document at \(path): it does not exist after the \(batch ? "batch" : "write")"
    }
    guard trace.method.isWrite else { return "get() found no document at \(path): it does not exist in \(dataName)" }
    let before = batch ? "the batch" : "this write"
    var note = "get() found no document at \(path): get() reads the database as it was before \(before)"
    if let index = writes.firstIndex(where: {
      $0.requestPath == lookup.path && ($0.method == .create || $0.method == .update)
    }) {
      let writer = batch ? "write \(index + 1) of the batch" : "this write"
      let verb = writes[index].method == .create ? "creates" : "writes"
      note += ", and \(writer) \(verb) it; getAfter() reads the state after the \(batch ? "batch" : "write")"
    } else {
      note += "; getAfter() reads the state after it"
    }
    return note
  }
}
