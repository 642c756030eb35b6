import FirestoreModel

/// Turns a file's bytes into source text, refusing files that are not text.
///
/// A file with a NUL byte or invalid UTF-8 (a binary, an image, a file in another encoding)
/// is not checked at all: checking it would only print pages of errors about bytes nobody
/// wrote. It gets one error, `source.not-text`, naming the byte offset, placed at the end of
/// the valid text before it.
package enum SourceText {
  /// The source for `bytes` and, when they are not text, the one error to report instead
  /// of checking them (the source then holds only the text before the offending byte).
  package static func decode(_ bytes: [UInt8], name: String) -> (source: SourceFile, problem: Diagnostic?) {
    guard let (offset, reason) = firstProblem(in: bytes) else {
      return (SourceFile(name: name, text: String(decoding: bytes, as: UTF8.self)), nil)
    }
    let prefix = SourceFile(name: name, text: String(decoding: bytes[..<offset], as: UTF8.self))
    let end = prefix.bytes.count
    let message = "not UTF-8 text: \(reason) at byte offset \(offset); the file is not checked"
    return (prefix, .error(.sourceNotText, message, at: SourceRange(start: end, end: end)))
  }

  /// The offset and description of the first NUL byte or invalid UTF-8 sequence.
  static func firstProblem(in bytes: [UInt8]) -> (Int, String)? {
    let invalid = UTF8Validation.firstInvalidOffset(in: bytes)
    let nul = bytes[..<(invalid ?? bytes.count)].firstIndex(of: 0)
    if let nul { return (nul, "NUL byte") }
    guard let invalid else { return nil }
    let hex = String(bytes[invalid], radix: 16, uppercase: true)
    return (invalid, "invalid byte 0x\(hex.count == 1 ? "0" + hex : hex)")
  }
}
