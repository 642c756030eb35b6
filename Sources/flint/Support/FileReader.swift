import FlintKit
import RulesLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File access for the commands: reads go through FlintKit's `FileBytes`, so failures carry
/// the system's short reason ("No such file or directory", "Is a directory", ...).
enum FileReader {
  /// The file's bytes, or a `UsageProblem` naming the file and the reason (also for files
  /// over `FileBytes.maxSize`).
  static func bytes(atPath path: String) throws(UsageProblem) -> [UInt8] {
    do {
      return try FileBytes.read(path)
    } catch {
      throw UsageProblem(error.message)
    }
  }

  /// Whether a regular file or directory exists at `path`.
  static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }
}
