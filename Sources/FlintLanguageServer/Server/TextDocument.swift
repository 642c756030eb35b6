import FirestoreModel
import FlintKit
import RulesLanguage

/// An open rules file: the text the editor holds (not the file on disk) and what `flint check`
/// makes of it, recomputed on every change.
struct TextDocument {
  let uri: String
  private(set) var version: Int
  private(set) var bytes: [UInt8]
  private(set) var analysis: RulesCheck.Analysis
  private(set) var lines: LineIndex
  /// Built on first use by navigation and hover requests, dropped on every change.
  private var symbolCache: SymbolIndex?
  private var typeCache: [SourceRange: String]?

  init(uri: String, version: Int, text: String, encoding: LineIndex.Encoding) {
    self.uri = uri
    self.version = version
    bytes = Array(text.utf8)
    analysis = RulesCheck.analyze(bytes: bytes, name: Self.displayName(uri), semantic: false)
    lines = LineIndex(analysis.source, encoding: encoding)
  }

  var source: SourceFile { analysis.source }
  var file: RulesFile { analysis.file }
  /// The service the file declares: which `request`/`resource` properties and lookups it has.
  var service: RulesService { RulesService.of(analysis.file) }

  mutating func symbols() -> SymbolIndex {
    if let symbolCache { return symbolCache }
    let index = SymbolIndex(analysis.file)
    symbolCache = index
    return index
  }

  /// The certain type of each expression (`ExpressionTypes`), by range.
  mutating func expressionTypes() -> [SourceRange: String] {
    if let typeCache { return typeCache }
    let types = ExpressionTypes.known(in: analysis.file, source: analysis.source)
    typeCache = types
    return types
  }

  /// Applies `didChange` content changes in order: a change with a range replaces that range
  /// (positions read against the text as the previous changes left it), one without replaces
  /// the whole text. Then the file is checked again, once.
  mutating func apply(_ changes: [(range: (start: Position, end: Position)?, text: String)], version: Int) {
    for change in changes {
      guard let range = change.range else {
        bytes = Array(change.text.utf8)
        continue
      }
      let index = LineIndex(
        SourceFile(name: "", text: String(decoding: bytes, as: UTF8.self)), encoding: lines.encoding)
      let start = index.offset(of: range.start)
      let end = max(start, index.offset(of: range.end))
      bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
    }
    self.version = version
    analysis = RulesCheck.analyze(bytes: bytes, name: Self.displayName(uri), semantic: false)
    lines = LineIndex(analysis.source, encoding: lines.encoding)
    symbolCache = nil
    typeCache = nil
  }

  /// The file name shown in messages: the last path component of a `file:` URI.
  static func displayName(_ uri: String) -> String {
    let path = uri.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? uri
    return path.isEmpty ? uri : path.removingPercentEncodingSafely
  }
}

extension String {
  /// `%20` and the like decoded; text with a broken escape is kept as it is.
  fileprivate var removingPercentEncodingSafely: String {
    var bytes: [UInt8] = []
    var utf8 = Array(self.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
