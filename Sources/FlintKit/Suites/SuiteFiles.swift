import Foundation

/// File access for suites: whole-file reads with the system's reason on failure, folder
/// expansion, and paths relative to a suite's folder.
public enum SuiteFiles {
  /// The suite file extensions a folder argument picks up.
  public static let suiteExtensions = ["json", "yaml", "yml"]
  /// Larger files are refused rather than read until memory runs out (`/dev/zero`, a FIFO
  /// that never ends, a wrong file).
  public static let maxFileSize = 256 << 20

  /// The bytes of a file, or `SuiteError.unreadable` naming it and the reason.
  public static func read(_ path: String) throws(SuiteError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw problem(path) }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw SuiteError.unreadable("cannot read '\(path)': Is a directory")
    }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw problem(path)
      }
      if count == 0 { break }
      guard result.count + count <= maxFileSize else {
        throw SuiteError.unreadable("cannot read '\(path)': it is larger than \(maxFileSize >> 20) MiB")
      }
      result.append(contentsOf: buffer[0..<count])
    }
    return result
  }

  private static func problem(_ path: String) -> SuiteError {
    .unreadable("cannot read '\(path)': \(String(cString: strerror(errno)))")
  }

  /// Whether `path` is a folder.
  public static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// The suite files to run for the command-line arguments: files as given, folders replaced
  /// by their `*.json`/`*.yaml`/`*.yml` files (not recursive), sorted by name.
  public static func expand(_ arguments: [String]) throws(SuiteError) -> [String] {
    var files: [String] = []
    for argument in arguments {
      guard isDirectory(argument) else {
        files.append(argument)
        continue
      }
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: argument)
      } catch {
        throw SuiteError.unreadable("cannot list '\(argument)'")
      }
      let suites = names.filter { name in
        !name.hasPrefix(".") && suiteExtensions.contains((name as NSString).pathExtension.lowercased())
          && !isDirectory(join(argument, name))
      }
      if suites.isEmpty { throw SuiteError.unreadable("no suite files (*.json, *.yaml, *.yml) in '\(argument)'") }
      files.append(contentsOf: suites.sorted().map { join(argument, $0) })
    }
    return files
  }

  /// `relative` resolved against the folder holding `file` (absolute paths stay as they are).
  public static func resolve(_ relative: String, besides file: String) -> String {
    if relative.hasPrefix("/") { return relative }
    guard let slash = file.lastIndex(of: "/") else { return relative }
    return join(String(file[..<slash]), relative)
  }

  static func join(_ folder: String, _ name: String) -> String {
    if folder.isEmpty { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
