import FirestoreModel
import FlintServer
import Foundation

/// `flint serve`'s request decision round trip (the goal: under 20 ms on the sample project):
/// the server runs in this process on 127.0.0.1, port 0, and each call is one HTTP exchange on a
/// new loopback connection, sent as the page sends it (`Host`, `Origin`, the run's token, JSON with
/// the editor's rules text), timed from connect to the last byte of the answer. Three requests on
/// `Corpus/sample`: one allowed without a lookup, one allowed and one denied through the
/// `get()` of a club (the denied one explains the failing sub-expression). Median and p95 over
/// `calls` each, after a few untimed calls.
enum ServeBench {
  struct Case {
    var name: String
    var body: String
    var decision: String
  }

  static func run(calls: Int = 300, directory: String = samplePath()) -> [BenchResult] {
    let project: ServedProject
    do {
      project = try ServedProject.open(directory)
    } catch {
      return [BenchResult(name: "serve-request", fields: [("error", .string(error.message))])]
    }
    let rulesText = (try? String(contentsOfFile: directory + "/firestore.rules", encoding: .utf8)) ?? ""
    func body(_ fields: String) -> String {
      "{" + fields + ", \"rules\": " + StringQuoting.quoted(rulesText) + "}"
    }
    let cases = [
      Case(
        name: "serve-request-allow", body: body(#""method": "get", "path": "users/alice", "auth": {"uid": "bob"}"#),
        decision: "allow"),
      Case(
        name: "serve-request-allow-lookup",
        body: body(#""method": "get", "path": "clubs/poetry", "auth": {"uid": "carol"}"#), decision: "allow"),
      Case(
        name: "serve-request-deny-lookup",
        body: body(#""method": "get", "path": "clubs/poetry", "auth": {"uid": "alice"}"#), decision: "deny"),
    ]
    let token = ServeToken.make()
    let server = PlaygroundServer(api: PlaygroundAPI(project: project), token: token)
    let listening = DispatchSemaphore(value: 0)
    let bound = BenchPort()
    let running = Task {
      try await server.run { port in
        bound.set(port)
        listening.signal()
      }
    }
    listening.wait()
    defer {
      running.cancel()
      let stopped = DispatchSemaphore(value: 0)
      Task {
        _ = await running.result
        stopped.signal()
      }
      stopped.wait()
    }
    let port = bound.get()
    return cases.map { item in
      let request = httpRequest(port: port, token: token, body: item.body)
      var timings: [Double] = []
      var failure: String?
      for call in 0..<(calls + 10) {
        let start = DispatchTime.now().uptimeNanoseconds
        let answer = exchange(port: port, request)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard answer.hasPrefix("HTTP/1.1 200"), answer.contains("\"decision\": \"\(item.decision)\"") else {
          failure = "unexpected answer: " + String(answer.prefix(300))
          break
        }
        if call >= 10 { timings.append(elapsed) }
      }
      if let failure { return BenchResult(name: item.name, fields: [("error", .string(failure))]) }
      timings.sort()
      return BenchResult(
        name: item.name,
        fields: [
          ("calls", .int(timings.count)), ("request_bytes", .int(request.count)),
          ("median_ms", format(timings[timings.count / 2], digits: 2)),
          ("p95_ms", format(timings[timings.count * 95 / 100], digits: 2)),
          ("max_ms", format(timings.last ?? 0, digits: 2)),
        ])
    }
  }

  /// `Corpus/sample` of the working directory (`make bench` runs from the package root), else of
  /// the package this file was built from.
  static func samplePath() -> String {
    if FileManager.default.fileExists(atPath: "Corpus/sample/firebase.json") { return "Corpus/sample" }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return root.appendingPathComponent("Corpus/sample").path
  }

  static func httpRequest(port: Int, token: String, body: String) -> [UInt8] {
    let bytes = Array(body.utf8)
    let head =
      "POST /api/request HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
      + "X-Flint-Token: \(token)\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\n"
      + "Connection: close\r\n\r\n"
    return Array(head.utf8) + bytes
  }

  /// One request on a new connection, read to its end; "" when the connection failed.
  static func exchange(port: Int, _ request: [UInt8]) -> String {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return "" }
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count <= 0 { return "" }
      sent += count
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      answer += buffer[..<count]
    }
    return String(decoding: answer, as: UTF8.self)
  }
}

/// The port the in-process server bound, handed from its task to the bench's thread.
final class BenchPort: @unchecked Sendable {
  private let lock = NSLock()
  private var port = 0

  func set(_ value: Int) { lock.withLock { port = value } }
  func get() -> Int { lock.withLock { port } }
}
