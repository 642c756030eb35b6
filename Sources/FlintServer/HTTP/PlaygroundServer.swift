import HTTPTypes
import Hummingbird
import Synchronization

/// `flint serve`'s HTTP side (Hummingbird): every request passes the `RequestGuard`, then `/` is
/// the page and `/api/...` the `PlaygroundAPI`; bodies over `bodyLimit` are refused with 413
/// before they are read whole, and at most `concurrentCalls` calls read their bodies and run at
/// once (`CallPermits`), so a burst's memory does not grow with its size. All answers but the
/// page are JSON. Nothing here evaluates
/// anything: the API calls the FlintKit jobs.
package struct PlaygroundServer: Sendable {
  /// The largest request body read: 1 MiB (a rules file is rarely over 100 KiB).
  package static let bodyLimit = 1 << 20
  /// API calls read and answered at once; the rest wait their turn. A call is work for one core,
  /// so more than a few per core buys nothing but memory.
  package static let concurrentCalls = 16

  package var api: PlaygroundAPI
  package var token: String
  /// The address to listen on (127.0.0.1 unless `--host` says otherwise).
  package var host: String
  /// The port to listen on; 0 picks a free one (`run` tells which).
  package var port: Int

  package init(api: PlaygroundAPI, token: String, host: String = "127.0.0.1", port: Int = 0) {
    self.api = api
    self.token = token
    self.host = host
    self.port = port
  }

  /// Listens until the task is cancelled (or, with `handlingSignals`, until SIGINT or SIGTERM);
  /// `ready` hears the port once the server accepts connections.
  package func run(handlingSignals: Bool = false, ready: @escaping @Sendable (Int) async -> Void) async throws {
    let bound = BoundPort()
    let permits = CallPermits(Self.concurrentCalls)
    let server = self
    let responder = CallbackResponder<BasicRequestContext> { request, _ in
      await server.respond(to: request, port: bound.value, permits: permits)
    }
    var app = Application(
      responder: responder,
      // A backlog for bursts: a page's calls plus a script's, well past the default 256.
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil, backlog: 1024),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        bound.value = port
        await ready(port)
      })
    app.logger.logLevel = .error
    if handlingSignals { try await app.runService() } else { try await app.run() }
  }

  /// The answer to one request on a server listening on `port`; an API call waits for one of
  /// `permits` before its body is read.
  func respond(to request: Request, port: Int, permits: CallPermits) async -> Response {
    let path = request.uri.path
    let guarding = RequestGuard(token: token, port: port, listeningOn: host)
    if let refusal = guarding.refusal(
      path: path, host: request.head.authority, origin: request.headers[.origin],
      authorization: request.headers[.authorization], flintToken: request.headers[Self.tokenHeader])
    {
      return Self.response(.problem(refusal))
    }
    if path == "/" || path == "/index.html" {
      guard request.method == .get || request.method == .head else {
        return Self.response(.problem(APIProblem(405, "the page is read with GET")))
      }
      return Self.page()
    }
    if let length = request.headers[.contentLength].flatMap(Int.init), length > Self.bodyLimit {
      return Self.response(.problem(Self.tooLarge))
    }
    await permits.acquire()
    defer { permits.release() }
    var body: [UInt8] = []
    if request.method == .post {
      do {
        body = Array(try await request.body.collect(upTo: Self.bodyLimit).readableBytesView)
      } catch {
        return Self.response(.problem(Self.tooLarge))
      }
    }
    return Self.response(api.answer(method: request.method.rawValue, path: path, body: body))
  }

  static let tooLarge = APIProblem(413, "the body is over \(bodyLimit / 1024) KiB")
  static let tokenHeader = HTTPField.Name("X-Flint-Token")!

  static func response(_ answer: APIResponse) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    headers[.cacheControl] = "no-store"
    headers[.xContentTypeOptions] = "nosniff"
    return Response(
      status: HTTPResponse.Status(code: answer.status), headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(string: answer.body)))
  }

  /// The page, with a policy that lets it reach nothing but this server.
  static func page() -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.cacheControl] = "no-store"
    headers[.xContentTypeOptions] = "nosniff"
    headers[.contentSecurityPolicy] =
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: PlaygroundPage.html)))
  }
}

/// The port the server bound, known once it listens (port 0 asks the system for one); the
/// request guard needs it to recognise the server's own `Host`.
final class BoundPort: Sendable {
  private let port = Atomic<Int>(0)

  var value: Int {
    get { port.load(ordering: .acquiring) }
    set { port.store(newValue, ordering: .releasing) }
  }
}
