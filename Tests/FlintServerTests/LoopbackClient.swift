import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A bare HTTP/1.1 client over loopback sockets, so a test sets every header itself (a real
/// client library would fill in Host). Blocking calls run on Dispatch's threads, never on the
/// Swift concurrency pool the server's handlers need. Each exchange has a 30 s receive timeout.
enum LoopbackClient {
  struct Answer {
    var status: Int
    var headers: [String: String]
    var body: String
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The bytes of one request: `headers` as given (no Host unless listed), `Connection: close`.
  static func request(
    _ method: String, _ path: String, headers: [(String, String)], body: [UInt8] = [], declaredLength: Int? = nil
  ) -> [UInt8] {
    var head = "\(method) \(path) HTTP/1.1\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    let chunked = headers.contains { $0.0 == "Transfer-Encoding" }
    if !chunked, method == "POST" || !body.isEmpty { head += "Content-Length: \(declaredLength ?? body.count)\r\n" }
    head += "Connection: close\r\n\r\n"
    return Array(head.utf8) + body
  }

  /// A connected socket to 127.0.0.1:`port`.
  static func connectSocket(_ port: Int) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw Failure(description: "connect: \(errno)")
    }
    return descriptor
  }

  static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { return }
      sent += count
    }
  }

  /// Reads to the end of the connection and parses the answer.
  static func receive(_ descriptor: Int32) throws -> Answer {
    defer { close(descriptor) }
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      data += buffer[..<count]
    }
    let text = String(decoding: data, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n") else { throw Failure(description: "no answer: \(text)") }
    let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
    let words = lines[0].split(separator: " ")
    guard words.count >= 2, let status = Int(words[1]) else { throw Failure(description: "bad status: \(lines[0])") }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = String(text[split.upperBound...])
    if headers["transfer-encoding"] == "chunked" { body = dechunked(body) }
    return Answer(status: status, headers: headers, body: body)
  }

  /// One exchange, off the concurrency pool.
  static func exchange(port: Int, _ request: [UInt8]) async throws -> Answer {
    try await offPool {
      let descriptor = try connectSocket(port)
      send(descriptor, request)
      return try receive(descriptor)
    }
  }

  /// `count` exchanges at once: every connection opened and every request sent before any
  /// answer is read.
  static func burst(port: Int, count: Int, _ request: [UInt8]) async throws -> [Answer] {
    try await offPool {
      var descriptors: [Int32] = []
      defer { for descriptor in descriptors { close(descriptor) } }
      for _ in 0..<count { descriptors.append(try connectSocket(port)) }
      for descriptor in descriptors { send(descriptor, request) }
      var answers: [Answer] = []
      for descriptor in descriptors {
        answers.append(try receive(descriptor))
      }
      descriptors = []
      return answers
    }
  }

  /// Raises the soft open-file limit for a burst (client and server ends share the process).
  static func allowOpenFiles(_ wanted: UInt) {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur < wanted {
      limit.rlim_cur = min(wanted, limit.rlim_max)
      setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
  }

  static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result(catching: work)) }
    }
  }

  private static func dechunked(_ text: String) -> String {
    var bytes = Substring(text)
    var out = ""
    while let end = bytes.range(of: "\r\n"), let size = Int(bytes[..<end.lowerBound], radix: 16), size > 0 {
      let start = end.upperBound
      let chunkEnd = bytes.utf8.index(start, offsetBy: size)
      out += String(bytes[start..<chunkEnd])
      bytes = bytes[chunkEnd...].dropFirst(2)
    }
    return out
  }
}
