/// Text made safe for an HTML page: markup characters escaped, and characters that would hide
/// or reorder what is shown (C0/C1 controls, bidi overrides and isolates, line separators) made
/// visible as `\u{202E}`-style text, so a rules file cannot disguise itself in its own report.
enum HTMLText {
  /// `text` escaped for element content and for double- or single-quoted attribute values.
  static func escape(_ text: some StringProtocol) -> String {
    var out = ""
    for scalar in text.unicodeScalars { append(scalar, to: &out, visibleControls: false) }
    return out
  }

  /// Like `escape`, but a hidden character becomes `<span class="ctl">\u{..}</span>` so the
  /// page can style it (source text).
  static func escapeSource(_ text: some StringProtocol) -> String {
    var out = ""
    for scalar in text.unicodeScalars { append(scalar, to: &out, visibleControls: true) }
    return out
  }

  /// Whether `scalar` is shown as its code instead of itself: tab is kept, everything else below
  /// U+0020, DEL, C1 controls, bidi marks, embeddings, overrides and isolates, U+2028/U+2029,
  /// the BOM and non-characters U+FFFE/U+FFFF.
  static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    case 0xFEFF, 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  private static func append(_ scalar: Unicode.Scalar, to out: inout String, visibleControls: Bool) {
    switch scalar {
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "&": out += "&amp;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    default:
      if isHidden(scalar) {
        let code = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        out += visibleControls ? "<span class=\"ctl\">\(code)</span>" : code
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
}
