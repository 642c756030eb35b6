#if os(Linux)
  import Glibc

  /// Changes to files in a set of folders, from Linux inotify: `next()` blocks in `read` until
  /// something changes, so a watch loop costs no CPU while waiting.
  ///
  /// Folders are watched, not files: editors save by writing a new file and renaming it over the
  /// old one (or deleting and re-creating it), which would end a watch on the file itself.
  package final class FileEvents {
    package struct Failure: Error, CustomStringConvertible {
      package var description: String
    }

    private let descriptor: Int32
    /// The watched folder of each watch descriptor.
    private var folders: [Int32: String] = [:]

    /// Creation, writes, renames in and out, deletion, and metadata changes (`touch`).
    private static let mask = UInt32(
      IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)

    package init() throws {
      descriptor = inotify_init1(Int32(IN_CLOEXEC))
      if descriptor < 0 { throw Failure(description: "inotify_init1 failed: \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    /// Starts watching `folders` (those already watched are skipped; one that does not exist is
    /// returned, so the caller can say so).
    @discardableResult
    package func watch(_ folders: Set<String>) -> [String] {
      var missing: [String] = []
      for folder in folders.sorted() where !self.folders.values.contains(folder) {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        if watch < 0 { missing.append(folder) } else { self.folders[watch] = folder }
      }
      return missing
    }

    /// Blocks until some file in a watched folder changes, then gathers the events that follow
    /// within `settle` milliseconds (a save is often several events), and returns the changed
    /// paths (`folder/name`), without repeats, in the order first seen.
    package func next(settle: Int32) throws -> [String] {
      var paths: [String] = []
      try read(into: &paths)
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      while poll(&poller, 1, settle) > 0 { try read(into: &paths) }
      var seen: Set<String> = []
      return paths.filter { seen.insert($0).inserted }
    }

    private func read(into paths: inout [String]) throws {
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      var count = 0
      while true {
        count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count >= 0 { break }
        if errno != EINTR {
          throw Failure(description: "reading inotify events failed: \(String(cString: strerror(errno)))")
        }
      }
      // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
      var offset = 0
      while offset + 16 <= count {
        let (watch, mask, length) = buffer.withUnsafeBytes { raw in
          (
            raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          )
        }
        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
        offset += 16 + length
        if mask & UInt32(IN_IGNORED) != 0 {
          folders[watch] = nil
          continue
        }
        guard let folder = folders[watch], !nameBytes.isEmpty else { continue }
        paths.append((folder == "/" ? "" : folder) + "/" + String(decoding: nameBytes, as: UTF8.self))
      }
    }
  }
#endif
