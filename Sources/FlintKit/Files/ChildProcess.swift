#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program found on `PATH` with no standard input and collects what it prints, both
/// pipes drained together so a large output cannot stall the child (posix_spawn and poll,
/// without Foundation's `Process`, which would bring ICU into the binary).
enum ChildProcess {
  struct Finished {
    var status: Int32
    var output: [UInt8]
    var errors: [UInt8]
  }

  struct LaunchError: Error {
    var reason: String
  }

  /// Runs `arguments` (the program first, looked up on `PATH`), stopping collection at
  /// `limit` bytes of standard output (the child is then killed).
  static func run(_ arguments: [String], limit: Int) throws(LaunchError) -> Finished {
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0 else { throw LaunchError(reason: String(cString: strerror(errno))) }
    guard pipe(&errPipe) == 0 else {
      close(outPipe[0])
      close(outPipe[1])
      throw LaunchError(reason: String(cString: strerror(errno)))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    for descriptor in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    let spawned = posix_spawnp(&child, arguments[0], &actions, nil, &argv, environ)
    close(outPipe[1])
    close(errPipe[1])
    guard spawned == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      throw LaunchError(reason: String(cString: strerror(spawned)))
    }

    var finished = Finished(status: 0, output: [], errors: [])
    var open = [outPipe[0], errPipe[0]]
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var killed = false
    while !open.isEmpty {
      var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      if poll(&polled, nfds_t(polled.count), -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for entry in polled where entry.revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 {
          close(entry.fd)
          open.removeAll { $0 == entry.fd }
          continue
        }
        if entry.fd == outPipe[0] {
          finished.output += buffer[0..<count]
          if finished.output.count > limit, !killed {
            kill(child, SIGKILL)
            killed = true
          }
        } else if finished.errors.count < 1 << 16 {
          finished.errors += buffer[0..<count]
        }
      }
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    // WIFEXITED / WEXITSTATUS by hand: Swift does not import the macros.
    finished.status = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return finished
  }
}
