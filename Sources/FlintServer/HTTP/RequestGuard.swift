/// The checks every request passes before it reaches a handler, so that only the page this run
/// served (or a tool given the token) can use the API:
///
/// - `Host` must name this server (`127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`, or the
///   `--host` it listens on): a page on another site whose name was rebound to 127.0.0.1 (DNS
///   rebinding) sends its own name and is refused.
/// - `Origin`, when sent, must be `http://` one of those: a cross-site form or fetch is refused.
/// - `/api/...` needs the run's token (`Authorization: Bearer TOKEN` or `X-Flint-Token: TOKEN`).
///   The page itself is served without it: it holds no data and reads the token from its URL.
package struct RequestGuard: Sendable {
  package var token: String
  /// The names the server answers to, without the port.
  package var hosts: [String]
  package var port: Int

  package init(token: String, port: Int, listeningOn host: String = "127.0.0.1") {
    self.token = token
    self.port = port
    var hosts = ["127.0.0.1", "localhost", "[::1]"]
    let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    if !hosts.contains(bracketed) { hosts.append(bracketed) }
    self.hosts = hosts
  }

  /// The refusal for a request, or nil to let it through.
  package func refusal(
    path: String, host: String?, origin: String?, authorization: String?, flintToken: String?
  ) -> APIProblem? {
    let authorities = Set(hosts.map { "\($0):\(port)" })
    guard let host, authorities.contains(host.lowercased()) else {
      return APIProblem(403, "the Host header must name this server (\(hosts[0]):\(port))")
    }
    if let origin, !authorities.contains(where: { "http://" + $0 == origin.lowercased() }) {
      return APIProblem(403, "requests from another origin (\(origin)) are refused")
    }
    guard path.hasPrefix("/api/") || path == "/api" else { return nil }
    let bearer = authorization.flatMap { value in
      value.lowercased().hasPrefix("bearer ") ? String(value.dropFirst("bearer ".count)) : nil
    }
    guard let given = flintToken ?? bearer, Self.same(given, token) else {
      return APIProblem(401, "the API needs this run's token (Authorization: Bearer TOKEN or X-Flint-Token)")
    }
    return nil
  }

  /// Compares the whole of both texts whatever they hold, so the time taken says nothing of
  /// how much of a guess was right.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var difference = x.count ^ y.count
    for i in 0..<max(x.count, y.count) {
      difference |= Int((i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0))
    }
    return difference == 0
  }
}
