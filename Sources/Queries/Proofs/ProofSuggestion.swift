import FirestoreModel
import RulesEngine
import RulesLanguage

/// Suggested query changes, written in the query DSL: `.where("owner", "==", auth.uid)`,
/// `.limit(10)`. A rules value read from `request.auth` is written as the DSL variable
/// (`auth.uid`), anything else as a literal.
enum ProofSuggestion {
  /// The filter that would make `field op value` hold (or fail, when `negated`).
  static func filter(
    field: FieldPath, ruleOp: BinaryOperator, valueExpr: Expr, value: RulesValue, negated: Bool
  ) -> String? {
    guard let op = filterOperator(ruleOp, negated: negated), let text = valueText(valueExpr, value) else { return nil }
    return ".where(\(fieldText(field)), \"\(op)\", \(text))"
  }

  /// `x in [..]` → `in`, `c in x` → `array-contains`.
  static func membership(
    field: FieldPath, elementIsField: Bool, valueExpr: Expr, value: RulesValue, negated: Bool
  ) -> String? {
    guard let text = valueText(valueExpr, value) else { return nil }
    if elementIsField {
      return ".where(\(fieldText(field)), \"\(negated ? "not-in" : "in")\", \(text))"
    }
    return negated ? nil : ".where(\(fieldText(field)), \"array-contains\", \(text))"
  }

  /// The filter for a field used directly as a condition (`allow list: if resource.data.public`).
  static func boolean(field: FieldPath, negated: Bool) -> String {
    ".where(\(fieldText(field)), \"==\", \(negated ? "false" : "true"))"
  }

  /// `.limit(n)` / `.offset(n)` for a rule on `request.query.limit` / `.offset` (`property`
  /// on the left of `op` after orientation).
  static func queryProperty(_ property: String, _ op: BinaryOperator, _ bound: Int64, negated: Bool) -> String? {
    var op = op
    if negated {
      switch op {
      case .less: op = .greaterEqual
      case .lessEqual: op = .greater
      case .greater: op = .lessEqual
      case .greaterEqual: op = .less
      default: return nil
      }
    }
    let n: Int64
    switch op {
    case .lessEqual, .equal, .greaterEqual: n = bound
    case .less: n = bound - 1
    case .greater: n = bound + 1
    default: return nil
    }
    if property == "limit", n < 1 { return nil }
    if property == "offset", n < 0 { return nil }
    return ".\(property)(\(n))"
  }

  /// The query operator that guarantees `field ruleOp value` (its negation when `negated`).
  static func filterOperator(_ op: BinaryOperator, negated: Bool) -> String? {
    switch (op, negated) {
    case (.equal, false), (.notEqual, true): "=="
    case (.notEqual, false), (.equal, true): "!="
    case (.less, false), (.greaterEqual, true): "<"
    case (.lessEqual, false), (.greater, true): "<="
    case (.greater, false), (.lessEqual, true): ">"
    case (.greaterEqual, false), (.less, true): ">="
    default: nil
    }
  }

  /// `"a.b"`, `documentId()`, or `FieldPath("a", "b.c")` when a segment is not plain.
  static func fieldText(_ field: FieldPath) -> String {
    if field.isDocumentID { return "documentId()" }
    if let text = asciiDotted(field.segments) { return text }
    if field.segments.allSatisfy(isPlain) { return StringQuoting.quoted(field.segments.joined(separator: ".")) }
    return "FieldPath(" + field.segments.map { StringQuoting.quoted($0) }.joined(separator: ", ") + ")"
  }

  /// `"a.b"` written byte by byte when every segment is plain printable ASCII (which
  /// `StringQuoting.quoted` copies unescaped); nil otherwise.
  static func asciiDotted(_ segments: [String]) -> String? {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    for (index, segment) in segments.enumerated() {
      if segment.isEmpty { return nil }
      if index > 0 { bytes.append(UInt8(ascii: ".")) }
      for byte in segment.utf8 {
        switch byte {
        case 0..<0x20, 0x80..., UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "/"),
          UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "`"), UInt8(ascii: "\""), UInt8(ascii: "\\"):
          return nil
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether a segment can be written dotted: non-empty, without any of ``.~*/[]`"\``
  /// as a character. ASCII segments are checked byte by byte (in ASCII only CR LF joins two
  /// scalars into one character, and neither is special); others per character, so a special
  /// character with a combining mark (a different character) stays plain as before.
  static func isPlain(_ segment: String) -> Bool {
    if segment.isEmpty { return false }
    var special = false
    for byte in segment.utf8 {
      switch byte {
      case 0x80...: return !segment.contains(where: { ".~*/[]`\"\\".contains($0) })
      case UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "["),
        UInt8(ascii: "]"), UInt8(ascii: "`"), UInt8(ascii: "\""), UInt8(ascii: "\\"):
        special = true
      default: continue
      }
    }
    return !special
  }

  /// `auth.uid` for `request.auth.uid` (any member chain under `request.auth`), else the
  /// value as a DSL literal; nil when the value has no stored form.
  static func valueText(_ expr: Expr, _ value: RulesValue) -> String? {
    if let chain = memberChain(expr), chain.count >= 3, chain[0] == "request", chain[1] == "auth" {
      return chain.dropFirst().joined(separator: ".")
    }
    guard let stored = value.toFirestoreValue() else { return nil }
    return QueryLiteral.render(stored)
  }

  /// `["request", "auth", "uid"]` for `request.auth.uid`; nil for anything but identifiers
  /// and plain member accesses.
  static func memberChain(_ expr: Expr) -> [String]? {
    switch expr.kind {
    case .identifier(let name): return [name]
    case .member(let base, let name): return memberChain(base).map { $0 + [name.name] }
    default: return nil
    }
  }
}
