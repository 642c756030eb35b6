import FirestoreModel

/// Text made safe for an HTML page: markup characters escaped, and characters that would hide
/// or reorder what is shown (C0/C1 controls, bidi overrides and isolates, line separators) made
/// visible as `\u{202E}`-style text, so a rules file cannot disguise itself in its own report.
enum HTMLEscaper {
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

  /// Whether `scalar` is shown as its code instead of itself: the characters that must not act
  /// (`VisibleText.isEscaped`; tab is kept).
  static func isHidden(_ scalar: Unicode.Scalar) -> Bool { VisibleText.isEscaped(scalar) }

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
