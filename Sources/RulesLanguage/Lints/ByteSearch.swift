/// A plain byte scan for a word in a source (no Foundation string search): a cheap way for a
/// lint to skip files that cannot contain what it looks for.
enum ByteSearch {
  static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
    let needle = Array(word.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return false }
    let last = bytes.count - needle.count
    var index = 0
    while index <= last {
      if bytes[index] == needle[0] {
        var k = 1
        while k < needle.count, bytes[index + k] == needle[k] { k += 1 }
        if k == needle.count { return true }
      }
      index += 1
    }
    return false
  }
}
