/// Recursive and mutually recursive functions are errors ("Maximum number of recursive or
/// cyclical function calls: 0", rules-language §6.1, §6.8). Each cycle is reported once, at
/// the first function of the cycle in source order, naming the whole cycle, with a note at
/// every call that closes it (the first `maxShown` of a long cycle).
enum RecursionCheck {
  /// Long cycles are named and annotated up to this many calls.
  static let maxShown = 8

  static func run(_ scopes: ScopeModel, calls: [NameResolution.Call]) -> (
    diagnostics: [Diagnostic], recursive: Set<Int>
  ) {
    let count = scopes.functions.count
    var edges = Array(repeating: [(callee: Int, range: SourceRange)](), count: count)
    for call in calls {
      guard let caller = call.caller else { continue }
      edges[caller].append((call.callee, call.range))
    }
    var diagnostics: [Diagnostic] = []
    var recursive = Set<Int>()
    for component in stronglyConnectedComponents(count: count, edges: edges.map { $0.map(\.callee) }) {
      let members = Set(component)
      let isCycle = component.count > 1 || edges[component[0]].contains { $0.callee == component[0] }
      guard isCycle else { continue }
      recursive.formUnion(members)
      let start = component.min { scopes.functions[$0].decl.range.start < scopes.functions[$1].decl.range.start }!
      let cycle = shortestCycle(from: start, within: members, edges: edges)
      var names = (cycle.map(\.function) + [start]).map { "'\(scopes.functions[$0].decl.name.name)'" }
      if names.count > maxShown + 1 {
        names = names.prefix(maxShown) + ["... (\(cycle.count) functions)", names.last!]
      }
      let decl = scopes.functions[start].decl
      let message =
        cycle.count == 1
        ? "function '\(decl.name.name)' calls itself; recursion is not allowed"
        : "functions call each other recursively (\(names.joined(separator: " -> "))); recursion is not allowed"
      let notes = cycle.prefix(maxShown).map { step in
        Diagnostic.Note(
          "'\(scopes.functions[step.function].decl.name.name)' calls '\(scopes.functions[step.callee].decl.name.name)' here",
          at: step.range)
      }
      diagnostics.append(.error(.checkRecursion, message, at: decl.name.range, notes: notes))
    }
    return (diagnostics, recursive)
  }

  private struct Step {
    var function: Int
    var callee: Int
    var range: SourceRange
  }

  /// The shortest call path from `start` back to itself using only functions in `members`.
  private static func shortestCycle(
    from start: Int, within members: Set<Int>, edges: [[(callee: Int, range: SourceRange)]]
  ) -> [Step] {
    var previous: [Int: Step] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for edge in edges[node] where members.contains(edge.callee) {
        if edge.callee == start {
          var path = [Step(function: node, callee: start, range: edge.range)]
          var current = node
          while current != start, let step = previous[current] {
            path.append(step)
            current = step.function
          }
          return path.reversed()
        }
        if previous[edge.callee] == nil {
          previous[edge.callee] = Step(function: node, callee: edge.callee, range: edge.range)
          queue.append(edge.callee)
        }
      }
    }
    return []
  }

  /// Tarjan's algorithm, iterative (no recursion on the call graph's depth).
  static func stronglyConnectedComponents(count: Int, edges: [[Int]]) -> [[Int]] {
    var index = Array(repeating: -1, count: count)
    var lowLink = Array(repeating: 0, count: count)
    var onStack = Array(repeating: false, count: count)
    var stack: [Int] = []
    var components: [[Int]] = []
    var nextIndex = 0
    for root in 0..<count where index[root] < 0 {
      var work: [(node: Int, edge: Int)] = [(root, 0)]
      index[root] = nextIndex
      lowLink[root] = nextIndex
      nextIndex += 1
      stack.append(root)
      onStack[root] = true
      while let (node, edge) = work.last {
        if edge < edges[node].count {
          work[work.count - 1].edge += 1
          let next = edges[node][edge]
          if index[next] < 0 {
            index[next] = nextIndex
            lowLink[next] = nextIndex
            nextIndex += 1
            stack.append(next)
            onStack[next] = true
            work.append((next, 0))
          } else if onStack[next] {
            lowLink[node] = min(lowLink[node], index[next])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last {
          lowLink[parent.node] = min(lowLink[parent.node], lowLink[node])
        }
        if lowLink[node] == index[node] {
          var component: [Int] = []
          while let member = stack.popLast() {
            onStack[member] = false
            component.append(member)
            if member == node { break }
          }
          components.append(component)
        }
      }
    }
    return components
  }
}
