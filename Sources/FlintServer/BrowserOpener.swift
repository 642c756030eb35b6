#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flint serve --open`: hands the URL to the desktop's opener (`xdg-open`, `open` on macOS)
/// with no standard input or output, and does not wait for the browser.
package enum BrowserOpener {
  #if os(macOS)
    static let opener = "open"
  #else
    static let opener = "xdg-open"
  #endif

  /// Starts the opener; nil when it started, else why not.
  package static func open(_ url: String) -> String? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup(url), nil]
    defer { for argument in argv { free(argument) } }
    var child: pid_t = 0
    let status = posix_spawnp(&child, opener, &actions, nil, &argv, environ)
    guard status == 0 else { return "cannot start \(opener): \(String(cString: strerror(status)))" }
    return nil
  }
}
