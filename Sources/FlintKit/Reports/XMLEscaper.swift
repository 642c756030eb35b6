import FirestoreModel

/// Escaping for XML 1.0 text and attribute values.
///
/// `&`, `<`, `>` and quotes become entities; in attributes, tab, newline and carriage return
/// become character references so readers keep them. Characters XML 1.0 cannot carry at all
/// (C0 controls other than tab/newline/CR, U+FFFE, U+FFFF; lone surrogates cannot occur in
/// Swift strings) and the characters that must not act on a reader's screen (DEL, C1 controls,
/// bidi marks and overrides, U+2028/9, the BOM: `VisibleText.isEscaped`) are written as the
/// visible text `\u{202E}`, so the document stays well-formed and a CI page shows the text as
/// it is stored.
enum XMLEscaper {
  /// Escaped for element content.
  static func text(_ value: String) -> String { escape(value, attribute: false) }

  /// Escaped for a double-quoted attribute value.
  static func attribute(_ value: String) -> String { escape(value, attribute: true) }

  private static func escape(_ value: String, attribute: Bool) -> String {
    var out = ""
    out.reserveCapacity(value.utf8.count)
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "'" where attribute: out += "&apos;"
      case "\t" where attribute: out += "&#9;"
      case "\n" where attribute: out += "&#10;"
      case "\r": out += "&#13;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      default:
        if isAllowed(scalar), !VisibleText.isEscaped(scalar) {
          out.unicodeScalars.append(scalar)
        } else {
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
      }
    }
    return out
  }

  /// XML 1.0 `Char` (tab, newline and CR are handled before).
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}
