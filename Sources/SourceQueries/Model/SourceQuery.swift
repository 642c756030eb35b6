import FirestoreModel
import Queries

/// The language a source file is written in, chosen by its extension.
package enum SourceLanguage: String, Sendable, CaseIterable {
  case swift
  case typescript
  case javascript
  case kotlin
  case java
  case dart

  /// The language of a file name (by `extensions`), or nil. A `.vue` or `.svelte` component is
  /// read for its `<script>` blocks (JavaScript, or TypeScript with `lang="ts"`).
  package init?(fileName: String) {
    guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
    let ext = fileName[fileName.index(after: dot)...].lowercased()
    guard let language = Self.allCases.first(where: { $0.extensions.contains(ext) }) else { return nil }
    self = language
  }

  /// The file extensions of the language's source files (lowercase, without the dot).
  package var extensions: [String] {
    switch self {
    case .swift: ["swift"]
    case .typescript: ["ts", "tsx", "mts", "cts"]
    case .javascript: ["js", "jsx", "mjs", "cjs", "vue", "svelte"]
    case .kotlin: ["kt"]
    case .java: ["java"]
    case .dart: ["dart"]
    }
  }

  /// `Swift`, `TypeScript`, ...: the language's name for people.
  package var displayName: String {
    switch self {
    case .swift: "Swift"
    case .typescript: "TypeScript"
    case .javascript: "JavaScript"
    case .kotlin: "Kotlin"
    case .java: "Java"
    case .dart: "Dart"
    }
  }
}

/// Where a query expression starts: 1-based line and column (columns count characters).
package struct SourcePlace: Hashable, Sendable, Comparable {
  package var file: String
  package var line: Int
  package var column: Int

  package init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  package static func < (a: Self, b: Self) -> Bool { (a.file, a.line, a.column) < (b.file, b.line, b.column) }
  /// `Sources/App/Feed.swift:12`
  package var description: String { "\(file):\(line)" }
}

/// The helper a query went through when it is listed at a call site: the function called there,
/// and where in it the query is built (a helper called from three places is three queries, each
/// at its call site, each naming the same helper).
package struct SourceHelperPlace: Hashable, Sendable {
  /// The function called at the call site (`getAartiBySlug`).
  package var function: String
  /// Where the query runs or is built inside the helper (or a helper it calls in turn).
  package var place: SourcePlace
  /// When a helper it calls in turn builds the query: the calls that lead there, the first in
  /// the body of `function`.
  package var through: [SourcePlace]

  package init(function: String, place: SourcePlace, through: [SourcePlace] = []) {
    self.function = function
    self.place = place
    self.through = through
  }
}

/// A field as the app names it: a dotted string (split as the SDKs split it), explicit
/// segments (`FieldPath(["a", "b"])`), or the document id.
package enum SourceField: Hashable, Sendable {
  case dotted(String)
  case segments([String])
  case documentID

  /// The field path as the JSON listing shows it (`a.b`, `__name__`).
  package var path: String {
    switch self {
    case .dotted(let text): text
    case .segments(let segments): segments.map(Self.quotedSegment).joined(separator: ".")
    case .documentID: "__name__"
    }
  }

  /// The field in the query DSL.
  var dsl: String {
    switch self {
    case .dotted(let text): DSLText.string(text)
    case .segments(let segments): "FieldPath(" + segments.map(DSLText.string).joined(separator: ", ") + ")"
    case .documentID: "documentId()"
    }
  }

  static func quotedSegment(_ segment: String) -> String {
    let scalars = segment.unicodeScalars
    let word = scalars.allSatisfy {
      $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
    }
    let simple = word && !scalars.isEmpty && !("0"..."9").contains(scalars.first!)
    return simple
      ? segment
      : "`" + segment.replacing("\\", with: "\\\\").replacing("`", with: "\\`") + "`"
  }
}

/// A filter of an extracted query: one field filter, or an `or`/`and` of filters.
package indirect enum SourceFilter: Hashable, Sendable {
  /// `op` is the JS SDK spelling (`==`, `array-contains`, `not-in`, ...); `value` is DSL text.
  case field(SourceField, op: String, value: String)
  case composite(isOr: Bool, [SourceFilter])

  /// Every field filter, inside composites too, in order.
  package var fieldFilters: [(SourceField, String)] {
    switch self {
    case .field(let field, let op, _): [(field, op)]
    case .composite(_, let filters): filters.flatMap(\.fieldFilters)
    }
  }

  var dsl: String {
    switch self {
    case .field(let field, let op, let value): "where(\(field.dsl), \(DSLText.string(op)), \(value))"
    case .composite(let isOr, let filters): (isOr ? "or(" : "and(") + filters.map(\.dsl).joined(separator: ", ") + ")"
    }
  }

  /// The operators the JS SDK accepts, and whether the value must be an array.
  static let operators: [String: Bool] = [
    "==": false, "!=": false, "<": false, "<=": false, ">": false, ">=": false,
    "array-contains": false, "array-contains-any": true, "in": true, "not-in": true,
  ]
}

/// One step of an extracted query, in the order the app applies it.
package enum SourceStep: Hashable, Sendable {
  case filter(SourceFilter)
  case orderBy(SourceField, descending: Bool)
  /// A limit's DSL value (a non-constant limit is planned as 1: the value never changes the index).
  case limit(String)
  case limitToLast(String)
  case count
  case sum(SourceField)
  case average(SourceField)
}

/// A query found in source, statically resolved: the same shape whichever language it came from.
package struct SourceQuery: Hashable, Sendable {
  package var place: SourcePlace
  package var language: SourceLanguage
  package var scope: QuerySource.Kind
  /// The collection path (segments; a document id that is not a constant is `{name}`).
  package var path: [String]
  package var steps: [SourceStep]
  /// Whether this is one of several variants of a conditionally built query.
  package var conditional = false
  /// Ties the variants of one conditionally built query (nil when there is one variant).
  package var group: Int?
  /// The helper the query went through, when `place` is the call site of a helper that builds it.
  package var via: SourceHelperPlace?
  /// In code nothing in the program reaches (a file nothing imports, a function nothing names):
  /// listed, but a missing index for it is no bug of the running app.
  package var dead = false

  package init(
    place: SourcePlace, language: SourceLanguage, scope: QuerySource.Kind, path: [String], steps: [SourceStep]
  ) {
    self.place = place
    self.language = language
    self.scope = scope
    self.path = path
    self.steps = steps
  }

  /// The collection id (last path segment).
  package var collection: String { path.last ?? "" }

  /// The query DSL text Flint plans with (cursors are left out: they never change the index).
  package var dsl: String {
    // A group's id is written as given: one with a `/` is refused as the SDK refuses it.
    var text =
      (scope == .collection ? "collection(" : "collectionGroup(") + DSLText.string(path.joined(separator: "/")) + ")"
    for step in steps {
      switch step {
      case .filter(let filter): text += "." + (filter.dsl.hasPrefix("where(") ? filter.dsl : "where(\(filter.dsl))")
      case .orderBy(let field, let descending): text += ".orderBy(\(field.dsl)\(descending ? ", \"desc\"" : ""))"
      case .limit(let value): text += ".limit(\(value))"
      case .limitToLast(let value): text += ".limitToLast(\(value))"
      case .count: text += ".count()"
      case .sum(let field): text += ".sum(\(field.dsl))"
      case .average(let field): text += ".avg(\(field.dsl))"
      }
    }
    return text
  }

  package var filters: [(SourceField, String)] {
    steps.flatMap { step -> [(SourceField, String)] in
      if case .filter(let filter) = step { return filter.fieldFilters }
      return []
    }
  }

  package var orderBy: [(SourceField, Bool)] {
    steps.compactMap { step in
      if case .orderBy(let field, let descending) = step { return (field, descending) }
      return nil
    }
  }
}

/// A query Flint found but cannot resolve statically (a field from user input, a collection
/// passed in from elsewhere): never planned, never guessed, always listed.
package struct UnresolvedQuery: Hashable, Sendable {
  package var place: SourcePlace
  package var language: SourceLanguage
  package var reason: String
  /// The source text of the query expression (one line, shortened).
  package var text: String
  /// The helper the query went through, when `place` is the call site of a helper that builds it.
  package var via: SourceHelperPlace?

  package init(
    place: SourcePlace, language: SourceLanguage, reason: String, text: String, via: SourceHelperPlace? = nil
  ) {
    self.place = place
    self.language = language
    self.reason = reason
    self.text = text
    self.via = via
  }
}

/// What the extractors found in a set of files.
package struct SourceExtraction: Sendable {
  package var queries: [SourceQuery] = []
  package var unresolved: [UnresolvedQuery] = []

  package init(queries: [SourceQuery] = [], unresolved: [UnresolvedQuery] = []) {
    self.queries = queries
    self.unresolved = unresolved
  }

  /// Sorted by place, groups numbered in that order from 1.
  mutating func finish() {
    // Variants at one place keep the order they were found in.
    queries = queries.enumerated().sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }.map(
      \.element)
    unresolved = unresolved.enumerated().sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }.map(
      \.element)
    var numbers: [Int: Int] = [:]
    for index in queries.indices {
      guard let group = queries[index].group else { continue }
      if numbers[group] == nil { numbers[group] = numbers.count + 1 }
      queries[index].group = numbers[group]
    }
  }
}

/// Quoting for the DSL text the extractors produce.
enum DSLText {
  /// The DSL's double-quoted string: `\n \r \t`, other control characters and DEL as `\u00XX`
  /// (the query lexer reads them all back).
  static let style = StringQuoting.Style(
    quote: "\"", shortBackspaceAndFormFeed: false, escapesDelete: true, hexEscape: .unicode4)

  static func string(_ text: String) -> String { StringQuoting.quoted(text, style: style) }

  /// A placeholder for a value the source computes: a DSL variable (its value never changes the index).
  static func placeholder(_ name: String) -> String {
    let cleaned = name.unicodeScalars.filter {
      $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
    }
    var ident = String(String.UnicodeScalarView(cleaned))
    if ident.isEmpty || ident.first!.isNumber { ident = "value" }
    return ident
  }
}
