/// One token: a payload-free kind plus the UTF-8 range it covers in the source.
public struct Token: Hashable, Sendable, CustomStringConvertible {
  public var kind: TokenKind
  public var range: SourceRange

  public init(_ kind: TokenKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public var start: Int { range.start }
  public var end: Int { range.end }

  public var description: String { "\(kind)@\(range)" }
}
