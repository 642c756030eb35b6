import FirestoreModel
import FlintTestSupport
import RulesEngine
import Testing

@testable import FlintKit

/// The batch fast path must agree with the general JSON parser on every line it accepts,
/// and hand every line it is unsure of to the general parser.
@Suite struct BatchLineReaderTests {
  /// The fast reading of a line as text: `id | expr | typed bindings`, or nil.
  static func fast(_ line: String) -> String? {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      BatchLineReader.read(buffer, 0..<buffer.count).map { render($0.id, $0.expr, $0.bindings) }
    }
  }

  /// The general parser's reading of the same line, or nil when it rejects it.
  static func slow(_ line: String) -> String? {
    guard case .object(let object)? = try? JSONParser.parse(line),
      Set(object.keys).isSubset(of: ["id", "expr", "bindings"]),
      case .string(let expr)? = object["expr"]
    else { return nil }
    let id: BatchLineReader.BatchID
    switch object["id"] {
    case .string(let s)?: id = .string(s)
    case .int(let i)?: id = .int(i)
    default: return nil
    }
    var bindings: [String: RulesValue] = [:]
    if let json = object["bindings"] {
      guard let decoded = try? BindingsDecoder.bindings(json) else { return nil }
      bindings = decoded
    }
    return render(id, expr, bindings)
  }

  static func render(_ id: BatchLineReader.BatchID, _ expr: String, _ bindings: [String: RulesValue]) -> String {
    let idText: String
    switch id {
    case .string(let s): idText = "s:" + s
    case .int(let i): idText = "i:\(i)"
    }
    return "\(idText) | \(expr) | \(RulesValue.map(bindings).typedJSON)"
  }

  static let accepted = [
    #"{"id": "1", "expr": "a", "bindings": {"a": 1}}"#,
    #"  {"expr":"x","id":7}  "#,
    #"{"id": -9223372036854775808, "expr": "a"}"#,
    #"{"id": "é€😀", "expr": "'\u00e9\ud83d\ude00\n\t\"\\\/'", "bindings": {}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"f": 1.5, "g": -0.0, "h": 1e3, "i": 0, "j": -12, "k": 2.5E-3}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"l": [1, [2, [3]], {"m": null}], "t": true, "u": false, "_x": 1, "a__": 2}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"empty": {}, "none": []}}"#,
  ]

  static let deferred = [
    #"{"id": "1", "expr": "a", "bindings": {"t": {"__timestamp__": "2024-01-01T00:00:00Z"}}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"t": {"__nope__": 1}}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"a": 1, "a": 2}}"#,
    #"{"id": "1", "id": "2", "expr": "a"}"#,
    #"{"id": "1", "expr": "a", "extra": 1}"#,
    #"{"id": 1.5, "expr": "a"}"#,
    #"{"id": "1"}"#,
    #"{"id": "1", "expr": "a", "bindings": {"n": 9223372036854775808}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"n": 1e999}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"n": 01}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"n": 1.}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"s": "\ud800"}}"#,
    #"{"id": "1", "expr": "a", "bindings": {"s": "\x"}}"#,
    #"{"id": "1", "expr": "a", "bindings": [1]}"#,
    #"{"id": "1", "expr": "a",}"#,
    "{\"id\": \"1\", \"expr\": \"a\u{1}\"}",
    #"[{"id": "1", "expr": "a"}]"#,
    #"{"id": "1", "expr": "a"} x"#,
    String(repeating: #"{"id": "1", "expr": "a", "bindings": {"a": "#, count: 1) + String(repeating: "[", count: 100)
      + String(repeating: "]", count: 100) + "}}",
  ]

  @Test(arguments: accepted)
  func acceptedLinesAgree(_ line: String) {
    let fast = Self.fast(line)
    #expect(fast != nil, "fast path refused \(line)")
    #expect(fast == Self.slow(line))
  }

  @Test(arguments: deferred)
  func unusualLinesGoToTheGeneralParser(_ line: String) {
    #expect(Self.fast(line) == nil, "fast path took \(line)")
  }

  @Test func invalidUTF8GoesToTheGeneralParser() {
    var bytes = Array(#"{"id": "1", "expr": "'x'"}"#.utf8)
    bytes[bytes.count - 4] = 0xFF
    let taken = bytes.withUnsafeBufferPointer { BatchLineReader.read($0, 0..<$0.count) }
    #expect(taken == nil)
  }

  /// Random lines and random corruptions of them: whenever the fast path accepts a line,
  /// the general parser reads the same thing.
  @Test func randomLinesAgree() {
    var rng = SplitMix64(seed: 42)
    var accepted = 0
    for _ in 0..<3_000 {
      let line = #"{"id": "\#(rng.next() % 1000)", "expr": "x", "bindings": \#(Self.randomObject(&rng, depth: 0))}"#
      var bytes = Array(line.utf8)
      if rng.next() % 3 == 0 {
        let position = Int(rng.next() % UInt64(bytes.count))
        bytes[position] = Array(#"{}[]",:0-.e\"u_a 1"#.utf8)[Int(rng.next() % 17)]
      }
      let text = String(decoding: bytes, as: UTF8.self)
      if let fast = Self.fast(text) {
        accepted += 1
        #expect(fast == Self.slow(text), "\(text)")
      }
    }
    #expect(accepted > 1_500)
  }

  static func randomObject(_ rng: inout SplitMix64, depth: Int) -> String {
    let count = Int(rng.next() % 4)
    let members = (0..<count).map { index in "\"k\(index)\": \(randomValue(&rng, depth: depth + 1))" }
    return "{" + members.joined(separator: ", ") + "}"
  }

  static func randomValue(_ rng: inout SplitMix64, depth: Int) -> String {
    switch rng.next() % (depth > 3 ? 6 : 8) {
    case 0: return "\(Int64(bitPattern: rng.next()) >> Int64(rng.next() % 64))"
    case 1: return "\(Double(Int64(rng.next() % 100_000)) / 64)"
    case 2: return ["true", "false", "null"][Int(rng.next() % 3)]
    case 3: return #""s\#(rng.next() % 100)""#
    case 4: return #""\u00e9\n\"""#
    case 5: return "-0.5e2"
    case 6:
      return "[" + (0..<Int(rng.next() % 3)).map { _ in randomValue(&rng, depth: depth + 1) }.joined(separator: ",")
        + "]"
    default: return randomObject(&rng, depth: depth)
    }
  }
}
