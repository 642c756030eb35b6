import FlintKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the CLI side of `--watch` (`flint test`, `flint check`) shares: signals, inotify, the screen.
enum WatchSupport {
  #if os(Linux)
    /// Lets the stop signals end the process and starts watching for file events: the first steps
    /// of every `--watch`. A failure to watch is a usage problem (exit 2).
    static func start() throws -> FileEvents {
      unblockStopSignals()
      do {
        return try FileEvents()
      } catch {
        throw UsageProblem("\(error)")
      }
    }

    /// The next batch of changed paths; a failure to read them is a usage problem (exit 2).
    static func next(_ events: FileEvents) throws -> [String] {
      do {
        return try events.next()
      } catch {
        throw UsageProblem("\(error)")
      }
    }
  #endif

  static let unsupported = "flint: --watch is not supported on this platform (it needs Linux inotify)"

  /// Clears the screen before a re-run, only when stdout is a terminal (a pipe or file keeps
  /// every run's output).
  static func clearScreen() {
    if isatty(STDOUT_FILENO) != 0 { Output.out("\u{1B}[2J\u{1B}[H") }
  }

  /// Lets SIGINT, SIGTERM and SIGHUP end the process: a parent may start flint with them blocked
  /// (Foundation's `Process` passes its thread's mask on), and the watch loop only ends by a signal.
  static func unblockStopSignals() {
    #if canImport(Glibc)
      var signals = sigset_t()
      sigemptyset(&signals)
      for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    #endif
  }
}
