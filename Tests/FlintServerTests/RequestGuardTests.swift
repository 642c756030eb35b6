import FlintServer
import Testing

/// The checks before any handler: the token, the Host and the Origin.
@Suite("RequestGuard")
struct RequestGuardTests {
  let guarding = RequestGuard(token: "0123456789abcdef0123456789abcdef", port: 4321)

  func status(
    path: String = "/api/request", host: String? = "127.0.0.1:4321", origin: String? = nil,
    authorization: String? = nil, flintToken: String? = "0123456789abcdef0123456789abcdef"
  ) -> Int? {
    guarding.refusal(path: path, host: host, origin: origin, authorization: authorization, flintToken: flintToken)?
      .status
  }

  @Test("the token in either header lets an API call through")
  func token() {
    #expect(status() == nil)
    #expect(status(authorization: "Bearer 0123456789abcdef0123456789abcdef", flintToken: nil) == nil)
    #expect(status(authorization: "bearer 0123456789abcdef0123456789abcdef", flintToken: nil) == nil)
  }

  @Test("no token, a wrong one, a prefix of it or a longer one: 401")
  func missingToken() {
    #expect(status(flintToken: nil) == 401)
    #expect(status(flintToken: "") == 401)
    #expect(status(flintToken: "0123456789abcdef0123456789abcdee") == 401)
    #expect(status(flintToken: "0123456789abcdef") == 401)
    #expect(status(flintToken: "0123456789abcdef0123456789abcdef0") == 401)
    #expect(status(authorization: "Basic 0123456789abcdef0123456789abcdef", flintToken: nil) == 401)
  }

  @Test("the page needs no token, but the right Host")
  func page() {
    #expect(status(path: "/", flintToken: nil) == nil)
    #expect(status(path: "/", host: "evil.example:4321", flintToken: nil) == 403)
  }

  @Test(
    "a Host that is not this server: 403 (DNS rebinding)",
    arguments: [
      nil, "evil.example:4321", "127.0.0.1:80", "127.0.0.1", "localhost:43210", "127.0.0.1:4321.evil.example",
    ])
  func foreignHost(host: String?) {
    #expect(status(host: host) == 403)
  }

  @Test("this server's names", arguments: ["127.0.0.1:4321", "localhost:4321", "LOCALHOST:4321", "[::1]:4321"])
  func ownHost(host: String) {
    #expect(status(host: host) == nil)
  }

  @Test(
    "an Origin that is not this server: 403, even with the token",
    arguments: ["http://evil.example", "null", "https://127.0.0.1:4321", "http://127.0.0.1:4322", "file://"])
  func foreignOrigin(origin: String) {
    #expect(status(origin: origin) == 403)
  }

  @Test("the page's own Origin")
  func ownOrigin() {
    #expect(status(origin: "http://127.0.0.1:4321") == nil)
    #expect(status(origin: "http://localhost:4321") == nil)
  }

  @Test("--host adds its name")
  func otherHost() {
    let wide = RequestGuard(token: "t", port: 80, listeningOn: "192.168.1.5")
    #expect(wide.refusal(path: "/", host: "192.168.1.5:80", origin: nil, authorization: nil, flintToken: nil) == nil)
    let six = RequestGuard(token: "t", port: 80, listeningOn: "fe80::1")
    #expect(six.refusal(path: "/", host: "[fe80::1]:80", origin: nil, authorization: nil, flintToken: nil) == nil)
  }

  @Test("tokens are 32 hex digits, new each run")
  func tokens() {
    let tokens = (0..<50).map { _ in ServeToken.make() }
    #expect(Set(tokens).count == 50)
    #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
  }
}
