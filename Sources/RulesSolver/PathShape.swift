import FirestoreModel
import RulesEngine
import RulesLanguage

/// The paths one question ranges over: a match pattern with each wildcard an unknown segment and
/// each recursive wildcard expanded to a fixed number of unknown segments. Full paths start with
/// the service's root: `databases/(default)/documents` (Firestore) or `b/<bucket>/o` (Storage,
/// the bucket a literal of the pattern or an unknown).
struct PathShape {
  /// One element of the document path the request targets (a `list` targets its parent collection).
  enum Element {
    case literal(String)
    /// An unknown segment (a string term).
    case variable(Term)
  }

  /// The elements under the root.
  var elements: [Element]
  /// The root's elements (`databases`, `(default)`, `documents`; or `b`, the bucket, `o`).
  var root: [Element]
  let service: RulesService
  let z3: Z3
  /// The most segments a recursive wildcard of the pattern took, nil when it has none: deeper
  /// paths are not compared, so nothing proved on this shape is exact.
  var recursiveRun: Int? = nil

  /// The unknown segments.
  var variables: [Term] {
    elements.compactMap { if case .variable(let term) = $0 { term } else { nil } }
  }

  /// Every element as a string term.
  var terms: [Term] {
    elements.map {
      switch $0 {
      case .literal(let text): z3.string(text)
      case .variable(let term): term
      }
    }
  }

  /// The root's elements as string terms.
  var rootTerms: [Term] { root.map { term($0) } }

  private func term(_ element: Element) -> Term {
    switch element {
    case .literal(let text): z3.string(text)
    case .variable(let term): term
    }
  }

  /// The full path of the targeted document (or Storage object, or a Storage list's folder), as
  /// string terms.
  var documentPath: [Term] { rootTerms + terms }

  /// Whether the list's path names its collection through a document of it (Firestore: the last
  /// element stands for any document the query returns), rather than the folder itself (Storage).
  func listsThroughDocument(_ method: RequestMethod) -> Bool { method == .list && service.kind == .firestore }

  /// The request's path as the rules see it (`request.path`); a Firestore `list` names the collection.
  func requestPath(for method: RequestMethod) -> [Term] {
    listsThroughDocument(method) ? Array(documentPath.dropLast()) : documentPath
  }

  /// Whether `method` has requests on this shape: Firestore shapes are documents (a list of their
  /// collection); Storage shapes are object names (1 or more segments) or, for a list, folders
  /// (0 or more).
  func admits(_ method: RequestMethod) -> Bool {
    service.kind == .firestore || method == .list || !elements.isEmpty
  }

  /// The unknown segments of the root (Storage's bucket).
  var rootVariables: [Term] {
    root.compactMap { if case .variable(let term) = $0 { term } else { nil } }
  }

  /// `request.path` for the methods that name a document.
  var requestPath: [Term] { documentPath }

  /// The shapes of `pattern` (full segments, the service's root first), each recursive wildcard
  /// taking up to `maxRun` segments: for Firestore those whose document path has an even number
  /// of segments; for Storage every one (`admits` says which methods a shape has requests of).
  static func shapes(
    of pattern: [MatchSegment.Kind], service: RulesService = .firestore, version: RulesVersion, maxRun: Int, z3: Z3
  ) -> [PathShape] {
    guard service.rootLength(of: pattern) != nil else { return [] }
    if case .recursiveWildcard = pattern[1] { return [] }
    let root: [Element]
    switch service.kind {
    case .firestore:
      if case .literal(let name) = pattern[1], name != DatabaseID.default { return [] }
      root = [.literal("databases"), .literal(DatabaseID.default), .literal("documents")]
    case .storage:
      // The bucket: the pattern's literal, or one unknown shared by every shape.
      let bucket: Element =
        if case .literal(let name) = pattern[1] { .literal(name) } else {
          .variable(z3.constant("bucket", z3.stringSort))
        }
      root = [.literal("b"), bucket, .literal("o")]
    }
    var results: [[Element]] = [[]]
    var counter = 0
    var recursiveRun: Int?
    for segment in pattern.dropFirst(3) {
      switch segment {
      case .literal(let text):
        results = results.map { $0 + [.literal(text)] }
      case .wildcard:
        counter += 1
        let term = z3.constant("path[\(counter)]", z3.stringSort)
        results = results.map { $0 + [.variable(term)] }
      case .recursiveWildcard:
        let shortest = version == .v1 ? 1 : 0
        var expanded: [[Element]] = []
        for run in shortest...max(shortest, maxRun) {
          let terms = (0..<run).map { z3.constant("path[\(counter + 1 + $0)]", z3.stringSort) }
          expanded += results.map { $0 + terms.map { .variable($0) } }
        }
        counter += maxRun
        recursiveRun = max(shortest, maxRun)
        results = expanded
      }
    }
    if service.kind == .firestore { results = results.filter { !$0.isEmpty && $0.count % 2 == 0 } }
    return results.map { PathShape(elements: $0, root: root, service: service, z3: z3, recursiveRun: recursiveRun) }
  }

  /// The longest document id a shape's unknown segment takes (Firestore allows 1,500 bytes): a
  /// construct that can tell longer ids apart is an approximation.
  static let longestID = 30

  /// A document id Firestore accepts: 1 to `longestID` characters (enough for a witness), no `/`,
  /// not `.` or `..`, not `__...__`.
  static func validID(_ segment: Term, in z3: Z3) -> Term {
    let length = z3.length(segment)
    return z3.and([
      z3.ge(length, z3.int(1)), z3.le(length, z3.int(Int64(longestID))), z3.not(z3.contains(segment, z3.string("/"))),
      z3.not(z3.eq(segment, z3.string("."))), z3.not(z3.eq(segment, z3.string(".."))),
      z3.not(z3.and([z3.hasPrefix(segment, z3.string("__")), z3.hasSuffix(segment, z3.string("__"))])),
    ])
  }

  /// A segment of a Cloud Storage object name (or a bucket name) the solver considers: 1 to
  /// `longestID` characters, no `/`, no carriage return or line feed (F9).
  static func validObjectSegment(_ segment: Term, in z3: Z3) -> Term {
    let length = z3.length(segment)
    return z3.and([
      z3.ge(length, z3.int(1)), z3.le(length, z3.int(Int64(longestID))), z3.not(z3.contains(segment, z3.string("/"))),
      z3.not(z3.contains(segment, z3.string("\n"))), z3.not(z3.contains(segment, z3.string("\r"))),
    ])
  }

  /// What every request on this shape satisfies: valid segments, and (Storage) a name other than
  /// `.` and `..`.
  func requirements() -> [Term] {
    switch service.kind {
    case .firestore:
      return variables.map { Self.validID($0, in: z3) }
    case .storage:
      var result = (variables + rootVariables).map { Self.validObjectSegment($0, in: z3) }
      if elements.count == 1, case .variable(let only) = elements[0] {
        result += [z3.not(z3.eq(only, z3.string("."))), z3.not(z3.eq(only, z3.string("..")))]
      }
      return result
    }
  }

  /// The object's full name (`images/a.png`): the segments joined by `/`.
  var objectName: Term {
    var parts: [Term] = []
    for (index, segment) in terms.enumerated() {
      if index > 0 { parts.append(z3.string("/")) }
      parts.append(segment)
    }
    return parts.isEmpty ? z3.string("") : z3.concat(parts)
  }
}

/// One way a match block's pattern matches a path shape: when, and what its wildcards are bound to.
struct PatternMatch {
  var condition: Term
  /// Wildcard name to value (a string, a path, or unknown for a `list`'s document id).
  var bindings: [(name: String, value: SymbolicValue)]
  /// The wildcards bound to a value only the query knows (a `list`'s document id): reading them
  /// is an approximation.
  var unknownNames: Set<String> = []
}

extension PathShape {
  /// How `pattern` (full segments) matches the request path of `method` on this shape: the
  /// alternatives in the engine's order (earlier recursive wildcards take fewer segments), each
  /// with a condition that excludes the earlier ones. Empty when it never matches.
  func matches(
    _ pattern: [MatchSegment.Kind], version: RulesVersion, method: RequestMethod, symbols: RequestSymbols
  ) -> [PatternMatch] {
    // The request's elements: a Firestore `list` stands for any document of the collection (nil).
    var path: [Term?] = documentPath.map { $0 }
    let throughDocument = listsThroughDocument(method)
    if throughDocument { path[path.count - 1] = nil }
    var literalPath: [String?] = (root + elements).map { if case .literal(let text) = $0 { text } else { nil } }
    if throughDocument { literalPath[literalPath.count - 1] = nil }
    var found: [PatternMatch] = []
    typealias Bindings = [(name: String, value: SymbolicValue)]
    func walk(_ p: Int, _ i: Int, _ conditions: [Term], _ bindings: Bindings, _ unknown: Set<String>) {
      if p == pattern.count {
        if i == path.count {
          found.append(PatternMatch(condition: z3.and(conditions), bindings: bindings, unknownNames: unknown))
        }
        return
      }
      switch pattern[p] {
      case .literal(let text):
        guard i < path.count, let term = path[i] else { return }
        if let known = literalPath[i] {
          if known == text { walk(p + 1, i + 1, conditions, bindings, unknown) }
        } else {
          walk(p + 1, i + 1, conditions + [z3.eq(term, z3.string(text))], bindings, unknown)
        }
      case .wildcard(let name):
        guard i < path.count else { return }
        if let term = path[i] {
          walk(p + 1, i + 1, conditions, bindings + [(name, SymbolicValue(always: .string(term), in: z3))], unknown)
        } else {
          walk(p + 1, i + 1, conditions, bindings + [(name, symbols.unknown("id \(name)"))], unknown.union([name]))
        }
      case .recursiveWildcard(let name):
        let shortest = version == .v1 ? 1 : 0
        var length = shortest
        while i + length <= path.count {
          let run = path[i..<(i + length)]
          if run.contains(where: { $0 == nil }) {
            walk(
              p + 1, i + length, conditions, bindings + [(name, symbols.unknown("path \(name)"))],
              unknown.union([name]))
          } else {
            let value = SymbolicValue(always: .path(run.compactMap { $0 }), in: z3)
            walk(p + 1, i + length, conditions, bindings + [(name, value)], unknown)
          }
          length += 1
        }
      }
    }
    walk(0, 0, [], [], [])
    // The engine binds the first alternative that matches: each excludes the earlier ones.
    var earlier: [Term] = []
    return found.map { match in
      defer { earlier.append(match.condition) }
      return PatternMatch(
        condition: z3.and([match.condition, z3.not(z3.or(earlier))]), bindings: match.bindings,
        unknownNames: match.unknownNames)
    }
  }
}
