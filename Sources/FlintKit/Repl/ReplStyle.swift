/// Terminal colours for the session's output: on only for a terminal without `NO_COLOR`.
public struct ReplStyle: Sendable {
  public var colors: Bool

  public init(colors: Bool) { self.colors = colors }

  /// `ALLOW` in green or `DENY` in red.
  public func verdict(_ allowed: Bool) -> String {
    paint(allowed ? "ALLOW" : "DENY", allowed ? "32;1" : "31;1")
  }

  /// Secondary text (file:line, counts) dimmed.
  public func dim(_ text: String) -> String { paint(text, "2") }

  /// Errors in red.
  public func error(_ text: String) -> String { paint(text, "31") }

  private func paint(_ text: String, _ code: String) -> String {
    colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
