/// The secret of one `flint serve` run: 32 hex digits (128 bits) from the system's random
/// source, new each run, printed only in the URL the command shows.
package enum ServeToken {
  package static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
