import Queries

/// A query as an extractor builds it step by step; `problem` is set once something about it
/// cannot be resolved statically (it is then listed as unresolved, never planned).
struct QueryState: Hashable, Sendable {
  var scope: QuerySource.Kind
  var path: [String]
  var steps: [SourceStep] = []
  var problem: String?

  static let maxVariants = 64

  /// The last path segment of a query whose collection id is computed.
  static let computedCollectionID = "{collection}"

  /// A query whose collection id is computed (`collection(db, name)`): unresolved.
  static func computedCollection(_ scope: QuerySource.Kind, under base: [String], written text: String) -> SourceValue {
    .query([
      QueryState(
        scope: scope, path: base + [computedCollectionID],
        problem: "the collection name is not a constant (\(text))")
    ])
  }

  mutating func fail(_ reason: String) {
    if problem == nil { problem = reason }
  }
}

/// A value an extractor's evaluator knows statically. Anything else is `.unknown`, with a
/// name used as the DSL placeholder when it is a filter value.
indirect enum SourceValue: Hashable, Sendable {
  case string(String)
  /// A DSL literal: a number, `true`, `false`, `null`.
  case literal(String)
  case array([SourceValue])
  case field(SourceField)
  /// A document reference (`nil` path: not known statically).
  case document([String])
  /// One or more variants of a query (several when it was built conditionally).
  case query([QueryState])
  /// A filter (`where(...)`, `or(...)`, `Filter.whereField(...)`), or why it cannot be resolved.
  case filter(SourceFilter)
  case badFilter(String)
  /// A modular JS query constraint (`orderBy(...)`, `limit(...)`, `startAfter(...)`).
  case constraint(SourceStep?)
  /// A template literal with `${...}` parts (each written `{}`): a collection path whose document
  /// ids are computed; anywhere else it is not a constant.
  case pathTemplate(String)
  /// An object literal's member values (`getAggregateFromServer(q, { n: count() })`); as a filter
  /// value it is not a constant.
  case object([SourceValue])
  /// One of several constants (strings or document references), chosen at run time (`isA ? "a"
  /// : "b"`, a variable set in `if`/`else`): a query built on it is one variant per alternative.
  case oneOf([SourceValue])
  case unknown(String)

  /// The value as DSL text: the literal, or a placeholder variable.
  func dsl(array: Bool) -> String {
    switch self {
    case .string(let text): return array ? "[\(DSLText.string(text))]" : DSLText.string(text)
    case .literal(let text): return array ? "[\(text)]" : text
    case .array(let values): return "[" + values.map { $0.dsl(array: false) }.joined(separator: ", ") + "]"
    case .unknown(let name): return array ? "[\(DSLText.placeholder(name))]" : DSLText.placeholder(name)
    default: return array ? "[value]" : "value"
    }
  }

  /// The field a value names, if it is a constant.
  var field: SourceField? {
    switch self {
    case .string(let text): .dotted(text)
    case .field(let field): field
    default: nil
    }
  }

  /// Two branches' values merged: query variants are united, anything else differing is unknown.
  static func merge(_ a: SourceValue, _ b: SourceValue) -> SourceValue {
    if a == b { return a }
    if let alternatives = alternatives(a, b) { return alternatives }
    // `cond ? query(...) : undefined`: the branch without a query runs none.
    if case .query = a, case .literal("null") = b { return a }
    if case .literal("null") = a, case .query = b { return b }
    if case .query(let x) = a, case .query(let y) = b {
      var all = x
      for state in y where !all.contains(state) { all.append(state) }
      if all.count > QueryState.maxVariants {
        var failed = all[0]
        failed.fail("more than \(QueryState.maxVariants) conditional variants")
        return .query([failed])
      }
      return .query(all)
    }
    return .unknown("value")
  }

  /// `a` or `b` as `.oneOf` when each is a string or document constant (or already one of
  /// several), at most `QueryState.maxVariants` of them; nil otherwise.
  private static func alternatives(_ a: SourceValue, _ b: SourceValue) -> SourceValue? {
    var all: [SourceValue] = []
    for value in [a, b] {
      switch value {
      case .string, .document: if !all.contains(value) { all.append(value) }
      case .oneOf(let values): for value in values where !all.contains(value) { all.append(value) }
      default: return nil
      }
    }
    return all.count <= QueryState.maxVariants ? .oneOf(all) : nil
  }

  /// The query variants with one more step each.
  func adding(_ step: SourceStep) -> SourceValue {
    guard case .query(let states) = self else { return self }
    return .query(
      states.map {
        var s = $0
        s.steps.append(step)
        return s
      })
  }

  func failing(_ reason: String) -> SourceValue {
    guard case .query(let states) = self else { return self }
    return .query(
      states.map {
        var s = $0
        s.fail(reason)
        return s
      })
  }
}

/// The segments of a collection path given as one value: a constant, or a template
/// (`"users/\(uid)/posts"`, `` `users/${uid}/posts` ``) whose last segment, the collection id, is
/// constant (computed document ids are written `{value}`: they never change the index).
func collectionPath(_ value: SourceValue) -> [String]? {
  collectionPaths(value)?.first
}

/// `collectionPath` of each alternative of a `.oneOf` (of a single value: one path); nil when
/// one of them is not a constant collection path.
func collectionPaths(_ value: SourceValue) -> [[String]]? {
  if case .oneOf(let values) = value {
    var paths: [[String]] = []
    for value in values {
      guard let path = singleCollectionPath(value) else { return nil }
      paths.append(path)
    }
    return paths
  }
  return singleCollectionPath(value).map { [$0] }
}

private func singleCollectionPath(_ value: SourceValue) -> [String]? {
  switch value {
  case .string(let text):
    return text.split(separator: "/").map(String.init)
  case .pathTemplate(let text):
    let segments = text.split(separator: "/").map { $0.contains("{}") ? "{value}" : String($0) }
    guard let last = segments.last, last != "{value}" else { return nil }
    return segments
  default:
    return nil
  }
}

/// A field filter from a field value, an operator (JS spelling) and a value; or why not.
func fieldFilter(_ field: SourceValue, op: String, value: SourceValue, fieldText: String) -> SourceValue {
  guard let name = field.field else {
    return .badFilter("the field is not a constant (\(fieldText))")
  }
  guard let needsArray = SourceFilter.operators[op] else { return .badFilter("unknown operator '\(op)'") }
  return .filter(.field(name, op: op, value: value.dsl(array: needsArray)))
}

/// Collects what the extractors report: resolved variants, unresolved queries, groups.
struct SourceFindings {
  var extraction = SourceExtraction()
  private var seen: Set<String> = []
  private var nextGroup = 1

  /// `via`: the helper followed from its call site at `place`, and where in it the query is
  /// built: each query of the helper is reported at the call site once. `dead`: the place is in
  /// code nothing reaches.
  mutating func report(
    _ value: SourceValue, place: SourcePlace, language: SourceLanguage, text: @autoclosure () -> String,
    via: SourceHelperPlace? = nil, dead: Bool = false
  ) {
    guard case .query(let states) = value else { return }
    let key =
      "\(place.file):\(place.line):\(place.column)"
      + (via.map { " \($0.place.file):\($0.place.line):\($0.place.column)" } ?? "")
    guard seen.insert(key).inserted else { return }
    var reasons: [String] = []
    for state in states {
      if let problem = state.problem, !reasons.contains(problem) { reasons.append(problem) }
    }
    if !reasons.isEmpty {
      let shown = Self.oneLine(text())
      for reason in reasons {
        extraction.unresolved.append(
          UnresolvedQuery(place: place, language: language, reason: reason, text: shown, via: via))
      }
      return
    }
    let group: Int? = states.count > 1 ? nextGroup : nil
    if group != nil { nextGroup += 1 }
    for state in states {
      var query = SourceQuery(
        place: place, language: language, scope: state.scope, path: state.path, steps: state.steps)
      query.conditional = group != nil
      query.group = group
      query.via = via
      query.dead = dead
      extraction.queries.append(query)
    }
  }

  mutating func unresolved(
    _ reason: String, place: SourcePlace, language: SourceLanguage, text: String, via: SourceHelperPlace? = nil
  ) {
    let key = "\(place.file):\(place.line):\(place.column)"
    guard seen.insert(key).inserted else { return }
    extraction.unresolved.append(
      UnresolvedQuery(place: place, language: language, reason: reason, text: Self.oneLine(text), via: via))
  }

  /// Whitespace runs collapsed to one space, at most 120 characters.
  static func oneLine(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return oneLine(ascii: text) }
    var out = ""
    var space = false
    for character in text {
      if character.isWhitespace {
        space = !out.isEmpty
      } else {
        if space { out.append(" ") }
        space = false
        out.append(character)
      }
    }
    return out.count > 120 ? String(out.prefix(119)) + "…" : out
  }

  /// `oneLine` of ASCII text, byte by byte (Character properties cost most of it otherwise).
  private static func oneLine(ascii text: String) -> String {
    var out: [UInt8] = []
    var space = false
    for byte in text.utf8 {
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        space = !out.isEmpty
      } else {
        if space { out.append(0x20) }
        space = false
        out.append(byte)
      }
    }
    let line = String(decoding: out, as: UTF8.self)
    return out.count > 120 ? String(line.prefix(119)) + "…" : line
  }
}

/// 1-based line and character column of a UTF-8 offset.
struct LineTable {
  let bytes: [UInt8]
  let starts: [Int]
  /// Whether each line is ASCII (its columns are byte counts: a minified file's one long line is
  /// not decoded again for every place on it).
  let asciiLines: [Bool]

  init(_ text: String) {
    bytes = Array(text.utf8)
    var starts = [0]
    var ascii = [true]
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\n") {
        starts.append(index + 1)
        ascii.append(true)
      } else if byte >= 0x80 {
        ascii[ascii.count - 1] = false
      }
    }
    self.starts = starts
    self.asciiLines = ascii
  }

  func place(file: String, offset: Int) -> SourcePlace {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    let start = starts[low]
    let end = min(max(offset, start), bytes.count)
    let column = asciiLines[low] ? end - start + 1 : String(decoding: bytes[start..<end], as: UTF8.self).count + 1
    return SourcePlace(file: file, line: low + 1, column: column)
  }
}

extension SourceValue {
  /// The variables of `base` after one of `branches` ran (both languages' evaluators: `if`/`else`,
  /// `switch`, loops): each variable is merged across the branches; a branch that does not hold a
  /// variable leaves it as `base` has it. `merge` combines two branches' values (the Swift reader
  /// passes its own, which knows a variable no branch assigned yet).
  static func merged(
    _ base: [String: SourceValue], _ branches: [[String: SourceValue]],
    by merge: (SourceValue, SourceValue) -> SourceValue = SourceValue.merge
  ) -> [String: SourceValue] {
    guard let first = branches.first else { return base }
    var out = base
    for (name, baseValue) in base {
      var value = first[name] ?? baseValue
      for branch in branches.dropFirst() { value = merge(value, branch[name] ?? baseValue) }
      out[name] = value
    }
    return out
  }
}
