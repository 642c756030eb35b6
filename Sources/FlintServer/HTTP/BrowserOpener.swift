import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flint serve --open`: hands the URL to the desktop's opener (`xdg-open`, `open` on macOS)
/// with no standard input or output, and does not wait for the browser. The opener runs in a
/// process group of its own (a Ctrl-C that stops the server does not reach a browser it started
/// in the foreground), and is reaped when it exits, on a thread that waits for nothing else, so it
/// never stays behind as a zombie while the server runs.
package enum BrowserOpener {
  #if os(macOS)
    static let opener = "open"
  #else
    static let opener = "xdg-open"
  #endif

  /// Why the opener did not start.
  package struct StartFailure: Error, Sendable {
    package var message: String
  }

  /// Starts the opener; nil when it started, else why not.
  package static func open(_ url: String) -> String? {
    switch start(opener, url) {
    case .success: return nil
    case .failure(let failure): return failure.message
    }
  }

  /// Starts `program url` (`program` found on PATH unless it holds a `/`) and has it reaped when
  /// it exits; its process id, or why it did not start.
  package static func start(_ program: String, _ url: String) -> Result<pid_t, StartFailure> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup(url), nil]
    defer { for argument in argv { free(argument) } }
    var child: pid_t = 0
    let status = posix_spawnp(&child, program, &actions, &attributes, &argv, environ)
    guard status == 0 else {
      return .failure(StartFailure(message: "cannot start \(program): \(String(cString: strerror(status)))"))
    }
    reap(child)
    return .success(child)
  }

  /// Waits for `child` on a Dispatch thread (never the Swift concurrency pool the server's
  /// handlers run on: the opener may run as long as the browser it started).
  static func reap(_ child: pid_t) {
    DispatchQueue.global(qos: .utility).async {
      var status: Int32 = 0
      while waitpid(child, &status, 0) == -1, errno == EINTR {}
    }
  }
}
