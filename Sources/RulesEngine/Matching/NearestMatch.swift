import RulesLanguage

/// The `match` block closest to a request path that no block matches: a typo such as
/// `match /room/{roomId}` for requests on `rooms` otherwise shows only "No matching allow
/// statements". Closeness is the edit distance over path segments (a literal equal to the
/// request's segment, or a `{wildcard}`, costs nothing; a different literal, a missing or an
/// extra segment costs one). Only blocks with an allow covering the request's method count,
/// patterns with `{x=**}` are left out, and at most two edits are a near miss.
package struct NearestMatch: Sendable, Hashable {
  /// The block's complete pattern, e.g. `/databases/{database}/documents/room/{roomId}`.
  package var pattern: String
  /// The range of the block's own `match` path.
  package var range: SourceRange
  /// What differs, e.g. `'room' in the pattern, 'rooms' in the request`.
  package var differences: [String]

  /// The most edits a near miss may need.
  static let maximumDistance = 2

  /// The nearest block to `elements` among `nodes` covering `method`, or nil when none is
  /// within `maximumDistance` edits (ties go to the first in source order).
  static func find(_ nodes: [MatchNode], _ elements: [PathElement], method: RequestMethod) -> NearestMatch? {
    // A collection group's unknown parents: no segment-by-segment comparison.
    guard !elements.contains(.anyRun) else { return nil }
    var best: (distance: Int, letters: Int, node: Int)?
    for (index, node) in nodes.enumerated() where node.allows.contains(where: { $0.covers(method) }) {
      let segments = node.pattern.segments
      if segments.contains(where: { if case .recursiveWildcard = $0 { true } else { false } }) { continue }
      let distance = editDistance(segments, elements)
      guard distance > 0, distance <= maximumDistance else { continue }
      // Ties go to the block whose differing names are closest in spelling (`posts` before
      // `notes` for `post`), then to the first in source order.
      let letters = letterDistance(segments, elements)
      if let current = best, (current.distance, current.letters) <= (distance, letters) { continue }
      best = (distance, letters, index)
    }
    guard let best else { return nil }
    let node = nodes[best.node]
    return NearestMatch(
      pattern: node.patternText, range: node.pathRange, differences: differences(node.pattern.segments, elements))
  }

  /// Whether a pattern segment takes a request element.
  private static func fits(_ segment: MatchSegment.Kind, _ element: PathElement) -> Bool {
    switch (segment, element) {
    case (.literal(let text), .segment(let actual)): text == actual
    case (.wildcard, .segment), (.wildcard, .anyID): true
    default: false
    }
  }

  /// Levenshtein distance between the pattern's segments and the request's elements.
  static func editDistance(_ segments: [MatchSegment.Kind], _ elements: [PathElement]) -> Int {
    guard !segments.isEmpty else { return elements.count }
    guard !elements.isEmpty else { return segments.count }
    var previous = Array(0...elements.count)
    var current = Array(repeating: 0, count: elements.count + 1)
    for i in 1...segments.count {
      current[0] = i
      for j in 1...elements.count {
        let substitution = previous[j - 1] + (fits(segments[i - 1], elements[j - 1]) ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[elements.count]
  }

  /// The character edit distance summed over the literals that differ, when the lengths agree.
  static func letterDistance(_ segments: [MatchSegment.Kind], _ elements: [PathElement]) -> Int {
    guard segments.count == elements.count else { return Int.max }
    var total = 0
    for (segment, element) in zip(segments, elements) {
      if case .literal(let text) = segment, case .segment(let actual) = element, text != actual {
        total += Suggestions.editDistance(text, actual)
      }
    }
    return total
  }

  /// The segments that differ: position by position when the lengths agree, else the counts.
  static func differences(_ segments: [MatchSegment.Kind], _ elements: [PathElement]) -> [String] {
    guard segments.count == elements.count else {
      // The first three elements are `databases/<db>/documents`.
      let pattern = max(segments.count - 3, 0)
      let request = max(elements.count - 3, 0)
      return [
        "the pattern has \(pattern) segment\(pattern == 1 ? "" : "s") after /documents, the request path \(request)"
      ]
    }
    var found: [String] = []
    for (segment, element) in zip(segments, elements) where !fits(segment, element) {
      let actual: String
      switch element {
      case .segment(let text): actual = "'\(text)'"
      case .anyID: actual = "any document id"
      case .anyRun: actual = "any parent path"
      }
      found.append("'\(MatchSegment(segment).description)' in the pattern, \(actual) in the request")
    }
    return found
  }

  /// The one-line note: `no match block matches this path; the closest is match /room/{roomId}
  /// (line 14): 'room' in the pattern, 'rooms' in the request`.
  package func note(source: SourceFile) -> String {
    "no match block matches this path; " + closest(source: source)
  }

  /// `the closest is match /room/{roomId} (line 14): 'room' in the pattern, 'rooms' in the request`.
  package func closest(source: SourceFile) -> String {
    let line = range == .none ? "" : " (line \(source.location(of: range.start).line))"
    return "the closest is match \(pattern)\(line): " + differences.joined(separator: "; ")
  }
}
