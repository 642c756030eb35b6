/// The Firebase CLI reads `firestore.indexes.json` with `loadCJSON`, which allows `//` and
/// `/* */` comments. Flint blanks them out (keeping every byte offset and line break, so
/// error positions stay right) before the strict JSON parser runs.
enum JSONComments {
  /// The bytes with comments outside strings replaced by spaces; `found` tells whether any was.
  static func blankOut(_ bytes: [UInt8]) -> (bytes: [UInt8], found: Bool) {
    var out = bytes
    var found = false
    var i = 0
    var inString = false
    let slash = UInt8(ascii: "/")
    let star = UInt8(ascii: "*")
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    let newline = UInt8(ascii: "\n")
    while i < out.count {
      let byte = out[i]
      if inString {
        if byte == backslash {
          i += 2
          continue
        }
        if byte == quote { inString = false }
        i += 1
        continue
      }
      if byte == quote {
        inString = true
        i += 1
        continue
      }
      guard byte == slash, i + 1 < out.count else {
        i += 1
        continue
      }
      if out[i + 1] == slash {
        found = true
        while i < out.count, out[i] != newline {
          out[i] = UInt8(ascii: " ")
          i += 1
        }
      } else if out[i + 1] == star {
        found = true
        out[i] = UInt8(ascii: " ")
        out[i + 1] = UInt8(ascii: " ")
        i += 2
        while i < out.count, !(out[i] == star && i + 1 < out.count && out[i + 1] == slash) {
          if out[i] != newline { out[i] = UInt8(ascii: " ") }
          i += 1
        }
        // An unclosed comment runs to the end, as in JavaScript it would be an error: leave
        // the last bytes so the parser reports the truncated document.
        if i < out.count {
          out[i] = UInt8(ascii: " ")
          out[i + 1] = UInt8(ascii: " ")
          i += 2
        }
      } else {
        i += 1
      }
    }
    return (out, found)
  }
}
