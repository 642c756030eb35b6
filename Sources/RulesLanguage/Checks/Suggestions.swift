/// "Did you mean ...?" suggestions by edit distance.
package enum Suggestions {
  /// The candidate closest to `name`, if it is close enough to be a likely typo: equal up to
  /// case, or within one edit per three characters (at most two edits). Ties go to the
  /// alphabetically first candidate so output is deterministic.
  package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    var best: (distance: Int, name: String)?
    let length = name.count
    // Lengths more than two apart can never be within the limit: skip them cheaply, so that
    // a file with thousands of undefined names and functions stays fast.
    for candidate in candidates where candidate != name && Swift.abs(candidate.count - length) <= 2 {
      let distance = candidate.lowercased() == lowered ? 0 : editDistance(name, candidate)
      let limit = max(1, min(2, max(name.count, candidate.count) / 3))
      guard distance <= limit else { continue }
      if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
      best = (distance, candidate)
    }
    return best?.name
  }

  /// Levenshtein distance over characters (small inputs only: names and members).
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// A note suggesting `candidate`, e.g. "did you mean 'math.sqrt'?".
  static func note(_ candidate: String?, at range: SourceRange? = nil) -> [Diagnostic.Note] {
    guard let candidate else { return [] }
    return [Diagnostic.Note("did you mean '\(candidate)'?", at: range)]
  }
}
