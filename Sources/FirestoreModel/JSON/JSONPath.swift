/// Where a value sits inside a JSON document, printed like `$.cases[3].request.path`.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step: an object key or an array index.
  package enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  package var components: [Component]

  package init(_ components: [Component] = []) {
    self.components = components
  }

  /// The document root, `$`.
  package static let root = JSONPath()

  /// This path followed by an object key.
  package func appending(_ key: String) -> JSONPath {
    JSONPath(components + [.key(key)])
  }

  /// This path followed by an array index.
  package func appending(_ index: Int) -> JSONPath {
    JSONPath(components + [.index(index)])
  }

  /// `$`, then `.key` for plain keys, `['key']` for keys that would read ambiguously
  /// (empty, or holding `.`, `[`, `]`, quotes, spaces or control characters), `[n]` for indexes.
  package var description: String {
    var text = "$"
    for component in components {
      switch component {
      case .index(let i): text += "[\(i)]"
      case .key(let key):
        text += Self.isPlain(key) ? "." + key : "[" + StringQuoting.quoted(key, style: .jsonPathKey) + "]"
      }
    }
    return text
  }

  static func isPlain(_ key: String) -> Bool {
    !key.isEmpty
      && key.unicodeScalars.allSatisfy { scalar in
        scalar.value > 0x20 && scalar.value != 0x7F && !".[]'\"\\".unicodeScalars.contains(scalar)
      }
  }
}

extension StringQuoting.Style {
  /// Keys in `['…']`: `'` and `\` escaped, other control characters and DEL as `\u00XX`.
  static let jsonPathKey = StringQuoting.Style(
    quote: "'", shortBackspaceAndFormFeed: false, escapesDelete: true, hexEscape: .unicode4)
}

extension String {
  func leftPadded(to width: Int, with pad: Character = "0") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
}
