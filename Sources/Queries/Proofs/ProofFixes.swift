/// Where an obstacle sits among the `&&`/`||` of a condition: one step per enclosing
/// operator, outermost first (`isAnd` already flipped under `!`).
struct LogicStep: Hashable, Sendable {
  var id: Int
  var isAnd: Bool
  /// 0 for the left operand, 1 for the right.
  var side: Int
}

/// An obstacle as the evaluator records it.
struct RecordedObstacle: Sendable {
  var obstacle: ProofObstacle
  var context: [LogicStep]
}

/// Suggested fixes from an allow's obstacles: each obstacle with a suggestion can be fixed
/// by it; the sides of an `&&` must all be fixed, one side of an `||` is enough. The result
/// is a list of alternatives (sets of suggestions applied together), smallest first.
enum ProofFixes {
  /// At most this many alternatives are kept.
  static let cap = 8

  static func options(_ recorded: [RecordedObstacle]) -> [[String]] {
    normalize(options(recorded, level: 0))
  }

  /// Obstacles that share the first `level` steps of context.
  private static func options(_ items: [RecordedObstacle], level: Int) -> [[String]] {
    var parts: [[[String]]] = []
    var groups: [Int: [RecordedObstacle]] = [:]
    var order: [Int] = []
    for item in items {
      if item.context.count == level {
        parts.append(item.obstacle.suggestion.map { [[$0]] } ?? [])
      } else {
        let id = item.context[level].id
        if groups[id] == nil { order.append(id) }
        groups[id, default: []].append(item)
      }
    }
    for id in order {
      let members = groups[id]!
      let isAnd = members[0].context[level].isAnd
      let sides = [0, 1].map { side in members.filter { $0.context[level].side == side } }.filter { !$0.isEmpty }
      let sideOptions = sides.map { options($0, level: level + 1) }
      parts.append(isAnd ? all(sideOptions) : normalize(sideOptions.flatMap { $0 }))
    }
    return all(parts)
  }

  /// Every part fixed: the products of their alternatives (none when a part has none).
  static func all(_ parts: [[[String]]]) -> [[String]] {
    var result: [[String]] = [[]]
    for part in parts {
      guard !part.isEmpty else { return [] }
      var next: [[String]] = []
      for left in result {
        for right in part { next.append(left + right.filter { !left.contains($0) }) }
      }
      result = Array(normalize(next).prefix(cap))
    }
    return normalize(result.filter { !$0.isEmpty })
  }

  /// Without repeats (as sets), smallest first, capped.
  static func normalize(_ options: [[String]]) -> [[String]] {
    var seen = Set<Set<String>>()
    let unique = options.filter { seen.insert(Set($0)).inserted }
    let sorted = unique.enumerated().sorted { a, b in
      a.element.count != b.element.count ? a.element.count < b.element.count : a.offset < b.offset
    }
    return Array(sorted.map(\.element).prefix(cap))
  }
}
