import FlintTestSupport
import Foundation

/// Runs the built `flint` executable as a subprocess.
struct FlintRunner {
  /// What one run printed and returned.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `flint` binary next to the test bundle (same build folder, whatever the scratch
  /// path), or else the newest `.build*/**/debug/flint` under the package root.
  static let executable: URL? = {
    let fileManager = FileManager.default
    var candidates: [URL] = []
    if let test = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      var directory = test.deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(directory.appendingPathComponent("flint"))
        directory = directory.deletingLastPathComponent()
      }
    }
    if let found = candidates.first(where: { isExecutable($0) }) { return found }
    let root = packageRoot
    let builds = (try? fileManager.contentsOfDirectory(atPath: root.path))?.filter { $0.hasPrefix(".build") } ?? []
    var fallbacks: [URL] = []
    for build in builds {
      let base = root.appendingPathComponent(build)
      fallbacks.append(base.appendingPathComponent("debug/flint"))
      for triple in (try? fileManager.contentsOfDirectory(atPath: base.path)) ?? [] {
        fallbacks.append(base.appendingPathComponent(triple).appendingPathComponent("debug/flint"))
      }
    }
    return fallbacks.filter { isExecutable($0) }.max { modified($0) < modified($1) }
  }()

  /// The package root.
  static let packageRoot = PackagePaths.root

  private static func isExecutable(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
      && FileManager.default.isExecutableFile(atPath: url.path)
  }

  private static func modified(_ url: URL) -> Date {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return attributes?[.modificationDate] as? Date ?? .distantPast
  }

  /// Runs `flint arguments...` in `directory` and collects its output.
  static func run(_ arguments: [String], in directory: URL) throws -> Result {
    guard let executable else { throw RunnerError.missingExecutable }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  enum RunnerError: Error {
    case missingExecutable
  }
}

/// A temporary directory with files, removed when the test is done.
final class Sandbox {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `text` (or raw `bytes`) at a path relative to the sandbox, creating folders.
  func write(_ path: String, _ text: String) throws {
    try write(path, bytes: Array(text.utf8))
  }

  func write(_ path: String, bytes: [UInt8]) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
  }

  func run(_ arguments: String...) throws -> FlintRunner.Result {
    try FlintRunner.run(arguments, in: url)
  }
}
