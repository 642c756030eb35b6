import RulesLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads files as bytes with POSIX calls, so failures carry the system's short reason
/// ("No such file or directory", "Is a directory", "Permission denied").
enum FileReader {
  /// Larger inputs are refused rather than read until memory runs out (`/dev/zero`, a FIFO
  /// that never ends, a wrong file).
  static let maxSize = 256 << 20

  /// The file's bytes, or a `UsageProblem` naming the file and the reason.
  static func bytes(atPath path: String) throws(UsageProblem) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw problem(path) }
    defer { close(descriptor) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw problem(path)
      }
      if count == 0 { break }
      guard result.count + count <= maxSize else {
        throw UsageProblem("cannot read '\(path)': it is larger than \(maxSize >> 20) MiB")
      }
      result.append(contentsOf: buffer[0..<count])
    }
    return result
  }

  /// Reads a rules file; invalid UTF-8 is decoded lossily (U+FFFD) and still checked.
  static func source(atPath path: String, name: String) throws(UsageProblem) -> SourceFile {
    let data = try bytes(atPath: path)
    return SourceFile(name: name, text: String(decoding: data, as: UTF8.self))
  }

  /// Whether a regular file or directory exists at `path`.
  static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  private static func problem(_ path: String) -> UsageProblem {
    let reason = String(cString: strerror(errno))
    return UsageProblem("cannot read '\(path)': \(reason)")
  }
}
