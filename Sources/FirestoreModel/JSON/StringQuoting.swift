/// Writes a string as a quoted literal with backslash escapes: the one escaping loop behind
/// JSON strings (`JSONWriter`, the batch fast path `TypedJSONBytes`, SDK messages) and the
/// single-quoted keys and strings of JSON paths and value text.
///
/// Every style escapes its quote character and `\` with a backslash, and writes line feed,
/// carriage return and tab as `\n`, `\r`, `\t`. Other control characters (below U+0020) get a
/// lowercase hex escape; everything else is copied as it is.
package enum StringQuoting {
  /// How a hex escape for a control character is spelled.
  package enum HexEscape: Sendable {
    /// `\u001f`: four lowercase hex digits (JSON).
    case unicode4
    /// `\x1f`: two lowercase hex digits (the rules language's byte escape).
    case byte2
  }

  /// Which characters a quoting style escapes, and how.
  package struct Style: Sendable {
    /// The character around the literal, escaped as `\` + quote inside it.
    package var quote: Unicode.Scalar
    /// Whether backspace and form feed are written `\b`, `\f` (JSON) rather than as hex.
    package var shortBackspaceAndFormFeed: Bool
    /// Whether DEL (U+007F) is hex-escaped like the control characters.
    package var escapesDelete: Bool
    /// Whether the invisible characters that can act on a terminal (DEL, C1 controls,
    /// bidirectional marks and overrides, U+2028/9, U+FEFF: `VisibleText.isEscaped`) are
    /// hex-escaped too. Only with `.unicode4`, where the escape keeps the value (JSON).
    package var escapesInvisible: Bool = false
    /// The spelling of hex escapes.
    package var hexEscape: HexEscape

    package init(quote: Unicode.Scalar, shortBackspaceAndFormFeed: Bool, escapesDelete: Bool, hexEscape: HexEscape) {
      self.quote = quote
      self.shortBackspaceAndFormFeed = shortBackspaceAndFormFeed
      self.escapesDelete = escapesDelete
      self.hexEscape = hexEscape
    }

    /// RFC 8259 JSON strings, as `JSON.stringify` writes them (`"a\"b\\c\n\b\u001f"`), plus
    /// `\u202e` and the like for invisible characters, so that JSON output printed on a terminal
    /// cannot reorder or hide text (the "Trojan Source" attack); the parsed value is the same.
    package static let json: Style = {
      var style = Style(quote: "\"", shortBackspaceAndFormFeed: true, escapesDelete: false, hexEscape: .unicode4)
      style.escapesInvisible = true
      return style
    }()
  }

  /// `string` between quotes, escaped per `style`.
  package static func quoted(_ string: String, style: Style = .json) -> String {
    var out = ""
    appendQuoted(string, style: style, to: &out)
    return out
  }

  /// Appends `string` between quotes, escaped per `style`, to `out`.
  package static func appendQuoted(_ string: String, style: Style = .json, to out: inout String) {
    out.unicodeScalars.append(style.quote)
    appendEscaped(string, style: style, to: &out)
    out.unicodeScalars.append(style.quote)
  }

  /// Appends the escaped characters of `string` to `out`, without the surrounding quotes.
  static func appendEscaped(_ string: String, style: Style = .json, to out: inout String) {
    for scalar in string.unicodeScalars {
      switch scalar {
      case style.quote, "\\":
        out += "\\"
        out.unicodeScalars.append(scalar)
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}" where style.shortBackspaceAndFormFeed: out += "\\b"
      case "\u{0C}" where style.shortBackspaceAndFormFeed: out += "\\f"
      default:
        if scalar.value < 0x20 || (scalar.value == 0x7F && style.escapesDelete)
          || (style.escapesInvisible && scalar.value >= 0x7F && VisibleText.isEscaped(scalar))
        {
          appendHex(scalar.value, style.hexEscape, to: &out)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
  }

  private static func appendHex(_ value: UInt32, _ form: HexEscape, to out: inout String) {
    let digits = String(value, radix: 16)
    switch form {
    case .unicode4: out += "\\u" + digits.leftPadded(to: 4)
    case .byte2: out += "\\x" + digits.leftPadded(to: 2)
    }
  }
}
