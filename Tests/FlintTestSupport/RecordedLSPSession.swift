import Foundation

/// A recorded language-server session, `Corpus/lsp/NAME.session`: `-->` lines are messages the
/// client sends, `<--` lines the messages the server must answer with (in order, after the
/// client message they follow), `#` lines comments. In a client message `{"$file": "NAME"}`
/// stands for the text of `Corpus/lsp/NAME`, so a document stays readable beside the session.
public struct RecordedLSPSession: Sendable {
  public static let folder = PackagePaths.url("Corpus/lsp")

  /// The session files, sorted.
  public static var names: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".session") }.sorted()
  }

  /// The file's lines, the client messages (expanded) and the expected server messages.
  public let lines: [String]
  public let clientMessages: [String]
  public let expected: [String]

  public init(_ name: String) throws {
    let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    clientMessages = try lines.filter { $0.hasPrefix("-->") }.map { try Self.expand(String($0.dropFirst(3))) }
    expected = lines.filter { $0.hasPrefix("<--") }.map { String($0.dropFirst(3)).trimmingCharacters(in: .whitespaces) }
  }

  /// The message with every `{"$file": NAME}` replaced by that file's text (key order is not
  /// kept: the server does not depend on it).
  static func expand(_ text: String) throws -> String {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    let data = try JSONSerialization.data(withJSONObject: try substitute(value), options: [.fragmentsAllowed])
    return String(decoding: data, as: UTF8.self)
  }

  private static func substitute(_ value: Any) throws -> Any {
    if let object = value as? [String: Any] {
      if object.count == 1, let name = object["$file"] as? String {
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      }
      return try object.mapValues(substitute)
    }
    if let array = value as? [Any] { return try array.map(substitute) }
    return value
  }
}
