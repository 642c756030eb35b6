/// One token: a payload-free kind plus the UTF-8 range it covers in the source.
package struct Token: Hashable, Sendable, CustomStringConvertible {
  package var kind: TokenKind
  package var range: SourceRange

  package init(_ kind: TokenKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  package var start: Int { range.start }
  package var end: Int { range.end }

  package var description: String { "\(kind)@\(range)" }
}
