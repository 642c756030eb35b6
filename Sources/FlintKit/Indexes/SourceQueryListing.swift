import FirestoreModel
import SourceQueries

/// `flint indexes --list-queries`: the queries found in app source, as JSON or as one line each.
package enum SourceQueryListing {
  /// `{"queries": [...], "unresolved": [...]}`: each query with its place, language, DSL text,
  /// scope, collection, filters, orders and conditional group.
  package static func json(_ extraction: SourceExtraction) -> JSONValue {
    .object([
      ("queries", .array(extraction.queries.map(json))),
      (
        "unresolved",
        .array(
          extraction.unresolved.map { item in
            .object(
              [
                ("file", .string(item.place.file)), ("line", .int(item.place.line)),
                ("column", .int(item.place.column)), ("language", .string(item.language.rawValue)),
                ("reason", .string(item.reason)), ("text", .string(item.text)),
              ] + via(item.via))
          })
      ),
    ])
  }

  /// `"dead": true` only on a query in code nothing calls (left out otherwise).
  private static func json(_ query: SourceQuery) -> JSONValue {
    .object(
      [
        ("file", .string(query.place.file)), ("line", .int(query.place.line)),
        ("column", .int(query.place.column)),
        ("language", .string(query.language.rawValue)), ("query", .string(query.dsl)),
        ("scope", .string(query.scope.rawValue)), ("collection", .string(query.collection)),
        ("filters", .array(query.filters.map { .array([.string($0.0.path), .string($0.1)]) })),
        ("orderBy", .array(query.orderBy.map { .array([.string($0.0.path), .string($0.1 ? "desc" : "asc")]) })),
        ("conditional", .bool(query.conditional)), ("group", query.group.map { .int($0) } ?? .null),
      ] + via(query.via) + (query.dead ? [("dead", .bool(true))] : []))
  }

  /// `"via": {"function", "file", "line", "column"}` for a query listed at a helper's call site
  /// (nothing otherwise): where in the helper the query is built; `"through"`: the helper calls
  /// in between, when a helper it calls builds it.
  private static func via(_ helper: SourceHelperPlace?) -> [(String, JSONValue)] {
    guard let helper else { return [] }
    return [
      (
        "via",
        .object(
          [
            ("function", .string(helper.function)), ("file", .string(helper.place.file)),
            ("line", .int(helper.place.line)), ("column", .int(helper.place.column)),
          ]
            + (helper.through.isEmpty
              ? []
              : [
                (
                  "through",
                  .array(
                    helper.through.map {
                      .object([("file", .string($0.file)), ("line", .int($0.line)), ("column", .int($0.column))])
                    })
                )
              ]))
      )
    ]
  }

  /// ` (via getPosts() at src/posts.ts:12)`, or nothing.
  private static func viaText(_ helper: SourceHelperPlace?) -> String {
    guard let helper else { return "" }
    return " (via \(helper.function)() at \(helper.place.description))"
  }

  /// One line per query (`file:line:col: DSL`), then one per unresolved query, then the counts.
  /// Not escaped: the front end shows control characters visibly.
  package static func text(_ extraction: SourceExtraction) -> String {
    var out = ""
    for query in extraction.queries {
      let variant = query.group.map { " [variant of group \($0)]" } ?? ""
      out +=
        "\(query.place.file):\(query.place.line):\(query.place.column): \(query.dsl)\(variant)\(viaText(query.via))\n"
    }
    for item in extraction.unresolved {
      out += "\(item.place.file):\(item.place.line):\(item.place.column): unresolved: \(item.reason): \(item.text)\n"
    }
    let queries = extraction.queries.count
    out += "\(queries) \(queries == 1 ? "query" : "queries"), \(extraction.unresolved.count) unresolved\n"
    return out
  }
}
