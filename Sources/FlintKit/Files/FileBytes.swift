#if canImport(Glibc)
  import Glibc
  private func posixRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Glibc.read(descriptor, bytes, count)
  }
#elseif canImport(Darwin)
  import Darwin
  private func posixRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Darwin.read(descriptor, bytes, count)
  }
#endif

/// A file that could not be read; the message names it and gives the system's short reason:
/// `cannot read 'x.rules': No such file or directory`.
package struct FileReadError: Error, Sendable, CustomStringConvertible {
  package var message: String

  package init(_ message: String) { self.message = message }

  package var description: String { message }
}

/// Whole-file reads with POSIX calls, so failures carry the system's reason ("No such file
/// or directory", "Is a directory", "Permission denied"). Shared by suite loading and the CLI.
package enum FileBytes {
  /// Larger files are refused rather than read until memory runs out (`/dev/zero`, a FIFO
  /// that never ends, a wrong file).
  package static let maxSize = 256 << 20

  /// The UTF-8 byte order mark some Windows editors put at the start of a text file.
  package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The bytes of the file at `path`, without a leading UTF-8 byte order mark (every file
  /// Flint reads is UTF-8 text or JSON: rules, suites, data, manifests, firebase.json, query
  /// files; Google's tools accept the mark, so it is dropped here, once, for all of them); a
  /// file over `maxSize` bytes is an error.
  package static func read(_ path: String) throws(FileReadError) -> [UInt8] {
    withoutByteOrderMark(try readRaw(path))
  }

  /// `bytes` without a leading UTF-8 byte order mark.
  package static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
    bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(byteOrderMark.count)) : bytes
  }

  private static func readRaw(_ path: String) throws(FileReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw problem(path) }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw FileReadError("cannot read '\(path)': Is a directory")
    }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw problem(path)
      }
      if count == 0 { break }
      guard result.count + count <= maxSize else {
        throw FileReadError("cannot read '\(path)': it is larger than \(maxSize >> 20) MiB")
      }
      result.append(contentsOf: buffer[0..<count])
    }
    return result
  }

  private static func problem(_ path: String) -> FileReadError {
    FileReadError("cannot read '\(path)': \(String(cString: strerror(errno)))")
  }
}
