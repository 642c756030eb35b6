/// The `<script>` blocks of a web component (`.vue`, `.svelte`): the component's code, read as
/// TypeScript/JavaScript. Everything else (the template, styles) is blanked to spaces, line
/// breaks kept, so places in the script are places in the file.
enum WebComponentScript {
  static func isComponent(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".vue") || lower.hasSuffix(".svelte")
  }

  /// The script blocks of `text` in place, and whether one is TypeScript (`lang="ts"`).
  static func scripts(of text: String) -> (text: String, typescript: Bool) {
    let bytes = Array(text.utf8)
    var out = [UInt8](repeating: 0x20, count: bytes.count)
    for (index, byte) in bytes.enumerated() where byte == 0x0A || byte == 0x0D { out[index] = byte }
    var typescript = false
    var i = 0
    let open = Array("<script".utf8)
    let close = Array("</script".utf8)
    while let start = find(open, in: bytes, from: i) {
      guard let tagEnd = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { break }
      let tag = String(decoding: bytes[start..<tagEnd], as: UTF8.self).lowercased()
      if tag.contains("lang=\"ts\"") || tag.contains("lang='ts'") || tag.contains("lang=\"typescript\"") {
        typescript = true
      }
      let bodyStart = tagEnd + 1
      let bodyEnd = find(close, in: bytes, from: bodyStart) ?? bytes.count
      for index in bodyStart..<bodyEnd { out[index] = bytes[index] }
      i = bodyEnd
      if bodyEnd == bytes.count { break }
    }
    return (String(decoding: out, as: UTF8.self), typescript)
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var i = from
    while i + needle.count <= bytes.count {
      if bytes[i] == needle[0], bytes[i..<i + needle.count].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }
}
