/// The stable identity of a diagnostic, such as `parse.expected-token` or
/// `check.undefined-variable`: printed in `[...]` after the message, written as the `code` of the
/// JSON output and the LSP, the SARIF `ruleId`, and named in `// flint:ignore` comments, so that
/// editors and CI can key on it.
///
/// Every code is a static member of `DiagnosticCode` in its area's catalog (`LexCodes.swift`,
/// `ParseCodes.swift`, `CheckCodes.swift`, `SourceCodes.swift`, `LintCodes.swift`, and
/// `QueryCodes.swift` in Queries), named after the code itself (`parse.expected-token` is
/// `.parseExpectedToken`), so that a call site names a code and never spells one.
/// `DiagnosticCode.catalog` lists the rules front end's codes, `queryCatalog` the query DSL's.
package struct DiagnosticCode: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The code as printed: an area, a dot, and a kebab-case name.
  package let rawValue: String

  package init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  package init(stringLiteral value: String) {
    self.init(value)
  }

  package var description: String { rawValue }

  /// The part before the dot (`parse` for `parse.expected-token`).
  package var area: Substring { rawValue.prefix { $0 != "." } }

  package static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension DiagnosticCode {
  /// Every code the rules front end reports (`source`, `lex`, `parse`, `check` and the lints),
  /// in catalog order. The query DSL's codes are `DiagnosticCode.queryCatalog` (Queries).
  package static var catalog: [DiagnosticCode] {
    sourceCodes + lexCodes + parseCodes + checkCodes + lintCodes
  }
}
