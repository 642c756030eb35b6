import RulesEngine
import RulesLanguage

/// Appends typed JSON straight to a byte buffer, for batch output: the members of
/// `RulesValue.typedJSON` without the surrounding braces (`"bool": true`, `"int": 3`,
/// `"error": "Divide by zero error."`). Scalars take a fast path; other values go through
/// the shared typed-JSON renderer so both stay identical.
enum TypedJSONBytes {
  static func appendMembers(_ result: Result<RulesValue, EvalError>, to out: inout [UInt8]) {
    switch result {
    case .success(.bool(let b)):
      out.append(contentsOf: b ? #""bool": true"#.utf8 : #""bool": false"#.utf8)
    case .success(.int(let i)):
      out.append(contentsOf: #""int": "#.utf8)
      out.append(contentsOf: String(i).utf8)
    case .success(.null):
      out.append(contentsOf: #""null": null"#.utf8)
    case .success(.string(let s)):
      out.append(contentsOf: #""string": "#.utf8)
      appendQuoted(s, to: &out)
    case .success(let value):
      // `{"tag": ...}` without its outer braces.
      let text = value.typedJSON.utf8
      out.append(contentsOf: text.dropFirst().dropLast())
    case .failure(let error):
      appendError(error.message, to: &out)
    }
  }

  /// `"error": "<message>"`.
  static func appendError(_ message: String, to out: inout [UInt8]) {
    out.append(contentsOf: #""error": "#.utf8)
    appendQuoted(message, to: &out)
  }

  /// A JSON string literal; printable ASCII is copied byte by byte, anything needing escapes or
  /// beyond ASCII (DEL, C1 controls, bidi overrides, U+2028/9, U+FEFF: the characters the shared
  /// quoting escapes) goes through the shared quoting, so batch lines match `--format json`.
  static func appendQuoted(_ text: String, to out: inout [UInt8]) {
    var simple = true
    for byte in text.utf8
    where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
      simple = false
      break
    }
    if simple {
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: text.utf8)
      out.append(UInt8(ascii: "\""))
    } else {
      out.append(contentsOf: JSONText.quoted(text).utf8)
    }
  }
}
