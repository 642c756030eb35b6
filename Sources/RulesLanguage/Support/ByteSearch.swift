/// A plain byte scan for a word in a source (no Foundation string search): a cheap way for a
/// lint to skip files that cannot contain what it looks for. Horspool's skip table: on a
/// mismatch the window jumps by up to the word's length, so a miss over a large file reads
/// only a fraction of its bytes.
enum ByteSearch {
  static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
    let needle = Array(word.utf8)
    let m = needle.count
    guard m > 0, bytes.count >= m else { return false }
    var skip = [Int](repeating: m, count: 256)
    for k in 0..<(m - 1) { skip[Int(needle[k])] = m - 1 - k }
    return bytes.withUnsafeBufferPointer { hay in
      needle.withUnsafeBufferPointer { pin in
        skip.withUnsafeBufferPointer { jump in
          let lastByte = pin[m - 1]
          var end = m - 1
          while end < hay.count {
            let byte = hay[end]
            if byte == lastByte {
              var k = 0
              let start = end - (m - 1)
              while k < m - 1, hay[start + k] == pin[k] { k += 1 }
              if k == m - 1 { return true }
            }
            end += jump[Int(byte)]
          }
          return false
        }
      }
    }
  }
}
