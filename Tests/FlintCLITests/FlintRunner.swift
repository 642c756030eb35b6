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

  /// Runs `flint arguments...` in `directory` with `stdin` on its standard input (none: an empty
  /// one) and collects its output. Standard output and standard error are drained at the same
  /// time, so a child that fills one pipe while the runner waits on the other cannot deadlock.
  /// `environment` adds to (or, with an empty value, overrides) the test's environment; NO_COLOR
  /// is removed so colour decisions are the child's own.
  static func run(
    _ arguments: [String], stdin: Data = Data(), in directory: URL, environment: [String: String] = [:]
  ) throws -> Result {
    guard let executable else { throw RunnerError.missingExecutable }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "NO_COLOR")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let input = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = input
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let errors = PipeDrain(stderr.fileHandleForReading)
    let writer = PipeFeed(input.fileHandleForWriting, stdin)
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = errors.wait()
    writer.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  enum RunnerError: Error {
    case missingExecutable
  }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeDrain: @unchecked Sendable {
  // `data` is written once by the reading thread before `done` is signalled, and read only
  // after `wait()` has seen the signal.
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}

/// Writes bytes to a pipe and closes it, on a thread of its own (a child that does not read its
/// input, or writes before reading, must not block the runner).
private final class PipeFeed: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle, _ bytes: Data) {
    Thread.detachNewThread { [self] in
      // A child that exits without reading closes the pipe: the write then fails, which is fine.
      try? handle.write(contentsOf: bytes)
      try? handle.close()
      done.signal()
    }
  }

  func wait() { done.wait() }
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
