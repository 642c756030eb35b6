#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's modification time and size, to notice that it changed on disk without reading it.
struct FileStamp: Equatable, Sendable {
  var seconds: Int
  var nanoseconds: Int
  var size: Int

  /// The stamp of the file at `path`, or nil when it cannot be examined.
  static func of(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Glibc)
      return FileStamp(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int(info.st_size))
    #else
      return FileStamp(
        seconds: info.st_mtimespec.tv_sec, nanoseconds: info.st_mtimespec.tv_nsec, size: Int(info.st_size))
    #endif
  }
}
