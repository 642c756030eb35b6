import FirestoreModel
import Queries
import RulesLanguage

/// A query written back as one DSL chain, with a proof's suggested steps added: the text a
/// page or editor puts in place of the query the user wrote. The query may have been pasted as
/// app code (`query(collection(db, "clubs"), where(...))`, `db.collection("clubs").whereField(...)`):
/// its source is written `collection("path")` when the path is literal, and each step as the
/// text it was written with (the DSL parser reads the SDKs' spellings), so the rewrite keeps
/// what the user wrote and adds only the fix.
package enum QueryRewrite {
  /// `text` with `additions` (DSL steps such as `.where("visibility", "==", "public")`,
  /// `.limit(10)`) applied: a filter after the query's filters, a limit or offset in place of
  /// the query's own. Nil when the text is not one query that parses, or an addition is not one
  /// filter, limit or offset step.
  package static func applying(_ additions: [String], to text: String) -> String? {
    let source = SourceFile(name: "<query>", text: text)
    let parsed = QueryParser.parse(source)
    guard let query = parsed.query, !parsed.hasErrors else { return nil }
    var pieces = steps(of: query, in: source)
    for addition in additions {
      guard let kind = stepKind(of: addition) else { return nil }
      switch kind {
      case .filter:
        let last = pieces.lastIndex { if case .filter = $0.kind { true } else { false } }
        pieces.insert(Piece(kind: kind, text: addition), at: last.map { $0 + 1 } ?? 0)
      case .limit(let value):
        if let index = pieces.firstIndex(where: { if case .limitToLast = $0.kind { true } else { false } }) {
          pieces[index] = Piece(kind: .limitToLast(value), text: ".limitToLast(" + String(addition.dropFirst(7)))
        } else {
          replaceOrAppend(Piece(kind: kind, text: addition), in: &pieces) {
            if case .limit = $0 { true } else { false }
          }
        }
      case .offset:
        replaceOrAppend(Piece(kind: kind, text: addition), in: &pieces) {
          if case .offset = $0 { true } else { false }
        }
      default:
        return nil
      }
    }
    return sourceText(query.source, in: source) + pieces.map(\.text).joined()
  }

  /// A step of the rewritten chain: what it does, and its text with the leading dot.
  struct Piece {
    var kind: QueryStepKind
    var text: String
  }

  /// The query's steps as chain text, each once (Dart's `where("a", isGreaterThan: 1,
  /// isLessThan: 5)` is two steps of one call), without the modular `query(...)` marker, the
  /// aggregations last (a chain ends with them).
  static func steps(of query: Query, in source: SourceFile) -> [Piece] {
    var pieces: [Piece] = []
    var aggregations: [Piece] = []
    var previous: SourceRange? = nil
    for step in query.steps {
      if case .queryCall = step.kind { continue }
      defer { previous = step.range }
      let piece = Piece(kind: step.kind, text: "." + stepText(step, in: source))
      if case .aggregate = step.kind {
        aggregations.append(piece)
      } else if step.range != previous || step.range == .none {
        pieces.append(piece)
      }
    }
    return pieces + aggregations
  }

  /// A step's text: as written, except aggregations (which code writes as a wrapper such as
  /// `getCountFromServer(q)`) and the modular form's `or(...)`/`and(...)` (a chain step
  /// `where(or(...))`).
  static func stepText(_ step: QueryStep, in source: SourceFile) -> String {
    let written = source.text(in: step.range)
    switch step.kind {
    case .aggregate(.count): return "count()"
    case .aggregate(.sum(let field)): return "sum(\(source.text(in: field.range)))"
    case .aggregate(.average(let field)): return "avg(\(source.text(in: field.range)))"
    case .filter(let filter):
      if case .composite = filter.kind, !written.hasPrefix("where") { return "where(\(written))" }
      return written
    default: return written
    }
  }

  /// `collection("a/b")` or `collectionGroup("c")` for a literal path; else the source as
  /// written (`collection(db, "orgs", orgId)`, which the parser reads as it is).
  static func sourceText(_ querySource: QuerySource, in source: SourceFile) -> String {
    guard let path = querySource.path else { return source.text(in: querySource.range) }
    return "\(querySource.kind.rawValue)(\(StringQuoting.quoted(path)))"
  }

  /// The kind of the one step `addition` writes (`.limit(10)`), or nil when it is not one step.
  static func stepKind(of addition: String) -> QueryStepKind? {
    guard addition.hasPrefix(".") else { return nil }
    let parsed = QueryParser.parse("collection(\"c\")" + addition)
    guard let query = parsed.query, !parsed.hasErrors, query.steps.count == 1 else { return nil }
    return query.steps[0].kind
  }

  /// Puts `piece` in place of the first step `matches` (dropping any others), else before the
  /// aggregations at the end.
  static func replaceOrAppend(_ piece: Piece, in pieces: inout [Piece], matches: (QueryStepKind) -> Bool) {
    if let index = pieces.firstIndex(where: { matches($0.kind) }) {
      pieces[index] = piece
      pieces = pieces.enumerated().filter { $0.offset <= index || !matches($0.element.kind) }.map(\.element)
      return
    }
    let aggregate = pieces.firstIndex { if case .aggregate = $0.kind { true } else { false } }
    pieces.insert(piece, at: aggregate ?? pieces.count)
  }
}
