/// Interns identifier text during one parse: each distinct spelling is decoded into a
/// `String` once, and every later occurrence gets that same string.
///
/// Rules files repeat a small vocabulary (`request`, `resource`, `data`, function and
/// field names) thousands of times; hashing the bytes and comparing them with the first
/// occurrence costs a fraction of validating and building a new `String`, and long names
/// share one buffer instead of allocating one each.
struct NameTable {
  /// Open addressing: an index into the entry arrays, or -1 for an empty slot.
  private var slots: [Int32] = Array(repeating: -1, count: 64)
  /// Per entry (parallel arrays, so a probe touches no `String`): the spelling's hash,
  /// where its first occurrence starts and ends in the source, and its text.
  private var hashes: [UInt32] = []
  private var spans: [Range<Int>] = []
  private var texts: [String] = []

  /// The text of `bytes[start..<start + length]`, which must be ASCII (identifier tokens
  /// are), as the same `String` every time that spelling is asked for.
  mutating func text(_ bytes: [UInt8], start: Int, length: Int) -> String {
    let end = start + length
    let hash = bytes.withUnsafeBufferPointer { buffer in
      var hash: UInt32 = 2_166_136_261  // FNV-1a
      for index in start..<end { hash = (hash ^ UInt32(buffer[index])) &* 16_777_619 }
      return hash
    }
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while true {
      let found = Int(slots[slot])
      if found < 0 { break }
      if hashes[found] == hash, spans[found].count == length, Self.equal(bytes, spans[found].lowerBound, start, length)
      {
        return texts[found]
      }
      slot = (slot + 1) & mask
    }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    guard texts.count < Int(Int32.max) else { return text }
    slots[slot] = Int32(texts.count)
    hashes.append(hash)
    spans.append(start..<end)
    texts.append(text)
    if texts.count * 2 > slots.count { grow() }
    return text
  }

  /// Whether two in-bounds spans of `bytes` hold the same bytes (unchecked arithmetic:
  /// both spans are token ranges already inside the buffer).
  private static func equal(_ bytes: [UInt8], _ first: Int, _ second: Int, _ length: Int) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return length == 0 }
      var left = base + first
      var right = base + second
      var remaining = length
      while remaining > 0 {
        if left.pointee != right.pointee { return false }
        left += 1
        right += 1
        remaining &-= 1
      }
      return true
    }
  }

  /// Doubles the slot array and re-inserts every entry (load factor stays at most 1/2).
  private mutating func grow() {
    slots = Array(repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index)
    }
  }
}
