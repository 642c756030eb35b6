#if canImport(Glibc)
  import Glibc
  private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    Glibc.write(descriptor, bytes, count)
  }
#elseif canImport(Darwin)
  import Darwin
  private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    Darwin.write(descriptor, bytes, count)
  }
#endif

/// Writes files so that a reader sees the old content or the new, never a half-written file:
/// a temporary file in the same folder, flushed, then renamed over the target.
package enum AtomicFile {
  /// Fails early (before any work) when the folder of `path` cannot take a new file.
  package static func checkWritable(_ path: String) throws(FileReadError) {
    let folder = folderOf(path)
    var info = stat()
    guard stat(folder, &info) == 0 else {
      throw FileReadError("cannot write '\(path)': \(String(cString: strerror(errno))) ('\(folder)')")
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw FileReadError("cannot write '\(path)': '\(folder)' is not a folder")
    }
    guard access(folder, W_OK) == 0 else {
      throw FileReadError("cannot write '\(path)': \(String(cString: strerror(errno))) ('\(folder)')")
    }
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw FileReadError("cannot write '\(path)': Is a directory")
    }
  }

  /// Replaces the file at `path` with `text`.
  package static func write(_ text: String, to path: String) throws(FileReadError) {
    try checkWritable(path)
    let folder = folderOf(path)
    var template = Array((folder + "/.flint-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw FileReadError("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { posixWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        let reason = String(cString: strerror(errno))
        close(descriptor)
        unlink(temporary)
        throw FileReadError("cannot write '\(path)': \(reason)")
      }
      bytes = bytes.dropFirst(written)
    }
    var existing = stat()
    fchmod(descriptor, stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644)
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard synced, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw FileReadError("cannot write '\(path)': \(reason)")
    }
  }

  static func folderOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }
}
