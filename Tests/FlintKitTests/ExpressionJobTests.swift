import FirestoreModel
import FlintKit
import Foundation
import RulesEngine
import RulesLanguage
import Testing

/// `flint expr`: single expressions with bindings, and JSON Lines batches.
@Suite struct ExpressionJobTests {
  static func value(_ text: String, _ bindings: [String: RulesValue] = [:], job: ExpressionJob = ExpressionJob())
    -> String
  {
    switch job.evaluate(text, bindings: bindings) {
    case .syntaxError(_, let diagnostics): "syntax: \(diagnostics.map(\.message))"
    case .evaluated(.success(let value)): value.typedJSON
    case .evaluated(.failure(let error)): "error: \(error.message)"
    }
  }

  static func batch(_ lines: [String], job: ExpressionJob = ExpressionJob(), chunkSize: Int = 1 << 16)
    -> (output: [String], summary: ExpressionBatch.Summary)
  {
    var output: [UInt8] = []
    let input = Array(lines.joined(separator: "\n").utf8)
    let summary = ExpressionBatch(job: job, chunkSize: chunkSize).run(input) { output += $0 }
    let text = String(decoding: output, as: UTF8.self)
    return (text.split(separator: "\n").map(String.init), summary)
  }

  @Test func typedValues() {
    #expect(Self.value("1 + 2") == #"{"int": 3}"#)
    #expect(Self.value("1.5 * 2") == #"{"float": 3.0}"#)
    #expect(Self.value("'a' + 'b'") == #"{"string": "ab"}"#)
    #expect(Self.value("[1, 'x'].toSet().size()") == #"{"int": 2}"#)
    #expect(Self.value("{'b': 1, 'a': true}") == #"{"map": {"a": {"bool": true}, "b": {"int": 1}}}"#)
    #expect(Self.value("1 / 0") == "error: Divide by zero error.")
    #expect(Self.value("undefinedName") == "error: Variable not found error: Name: [undefinedName].")
  }

  @Test func syntaxErrorsHaveColumns() {
    let parsed = ExpressionJob.parse("1 +")
    #expect(parsed.expr == nil)
    #expect(parsed.errorMessage == "syntax error at column 4: expected expression")
    #expect(ExpressionJob.parse("1 +\n(").errorMessage?.hasPrefix("syntax error at line 2, column 2") == true)
    #expect(ExpressionJob.parse("a.b(1)").errorMessage == nil)
  }

  @Test func plainAndTaggedBindings() throws {
    let json = try JSONParser.parse(
      #"""
      {"request": {"auth": {"uid": "alice"}, "time": {"__timestamp__": "2024-01-01T00:00:00Z"}},
       "resource": {"data": {"n": 2, "f": 2.0, "ref": {"__ref__": "users/bob"}, "raw": {"__bytes__": "AQ=="}}},
       "p": {"__path__": "/databases/(default)/documents/users/alice"}, "x": [1, null]}
      """#)
    let bindings = try BindingsDecoder.bindings(json)
    #expect(Self.value("request.auth.uid == 'alice'", bindings) == #"{"bool": true}"#)
    #expect(Self.value("request.time == timestamp.date(2024, 1, 1)", bindings) == #"{"bool": true}"#)
    #expect(Self.value("resource.data.n is int && resource.data.f is float", bindings) == #"{"bool": true}"#)
    #expect(Self.value("resource.data.ref", bindings) == #"{"path": "/databases/(default)/documents/users/bob"}"#)
    #expect(Self.value("resource.data.raw.size()", bindings) == #"{"int": 1}"#)
    #expect(Self.value("p[4]", bindings) == #"{"string": "alice"}"#)
    #expect(Self.value("x", bindings) == #"{"list": [{"int": 1}, {"null": null}]}"#)
  }

  @Test func badBindings() {
    for (text, message) in [
      (#"{"x": {"__nope__": 1}}"#, "$.x.__nope__: unknown tag __nope__"),
      (#"{"x": {"__timestamp__": "2024-01-01", "y": 1}}"#, "$.x.__timestamp__: tag __timestamp__ must be the only key"),
      (#"[1]"#, "$: expected an object, found an array"),
    ] {
      do {
        _ = try BindingsDecoder.bindings(try JSONParser.parse(text))
        Issue.record("\(text) decoded")
      } catch {
        #expect(error.description.hasPrefix(message), "\(error.description)")
      }
    }
  }

  @Test func rulesFunctionsAreCallable() throws {
    let source = SourceFile(
      name: "f.rules",
      text: """
        rules_version = '2';
        function double(x) { return x * 2; }
        service cloud.firestore {
          function isOwner(uid) { return request.auth.uid == uid; }
          match /databases/{database}/documents { match /a/{b} { allow read: if isOwner(b); } }
        }
        """)
    let compiled = RulesCompiler.compile(source)
    #expect(!compiled.hasErrors)
    let job = ExpressionJob(ruleset: Ruleset(file: compiled.file, source: source))
    #expect(Self.value("double(21)", job: job) == #"{"int": 42}"#)
    let request: RulesValue = .map(["auth": .map(["uid": .string("alice")])])
    #expect(Self.value("isOwner('alice')", ["request": request], job: job) == #"{"bool": true}"#)
    #expect(Self.value("double(1)") == "error: Function not found error: Name: [double].")
  }

  @Test func batchAnswersEveryLineInOrder() {
    let (output, summary) = Self.batch([
      #"{"id": "1", "expr": "a + 1", "bindings": {"a": 1}}"#,
      #"{"id": 2, "expr": "a == 'x'", "bindings": {"a": "x"}}"#,
      "",
      #"{"id": "3", "expr": "1 / 0"}"#,
      "not json",
      #"{"id": "5", "expr": "1 +"}"#,
      #"{"expr": "1"}"#,
      #"{"id": "7", "expr": 1}"#,
      #"{"id": "8", "expr": "1", "extra": true}"#,
      #"{"id": [1], "expr": "1"}"#,
      #"{"id": "10", "expr": "a", "bindings": {"a": {"__bad__": 1}}}"#,
      #"{"id": "11", "expr": "'quote\"and\\\\slash'"}"#,
      #"{"id": "12", "expr": "[1.5, b'\\x01']"}"#,
      "   ",
    ])
    #expect(
      output == [
        #"{"id": "1", "int": 2}"#,
        #"{"id": 2, "bool": true}"#,
        #"{"id": "3", "error": "Divide by zero error."}"#,
        #"{"id": null, "error": "line 5: invalid JSON at column 1: unexpected 'not': expected a value"}"#,
        #"{"id": "5", "error": "syntax error at column 4: expected expression"}"#,
        #"{"id": null, "error": "line 7: missing \"id\""}"#,
        #"{"id": "7", "error": "line 8: \"expr\" must be a string (found an integer)"}"#,
        #"{"id": "8", "error": "line 9: unknown key \"extra\" (expected id, expr, bindings)"}"#,
        #"{"id": null, "error": "line 10: \"id\" must be a string or an integer, found an array"}"#,
        #"{"id": "10", "error": "line 11: $.bindings.a.__bad__: unknown tag __bad__ (known tags: __timestamp__, __ref__, __path__, __latlng__, __bytes__, __server_timestamp__, __double__)"}"#,
        #"{"id": "11", "string": "quote\"and\\slash"}"#,
        #"{"id": "12", "list": [{"float": 1.5}, {"bytes": "AQ=="}]}"#,
      ])
    #expect(summary == ExpressionBatch.Summary(lines: 12, invalid: 7))
  }

  @Test func batchOutputIsChunkedWithoutLosingLines() {
    let lines = (0..<500).map { #"{"id": "\#($0)", "expr": "\#($0) * 2"}"# }
    let (output, summary) = Self.batch(lines, chunkSize: 100)
    #expect(summary.lines == 500)
    #expect(output.count == 500)
    #expect(output[499] == #"{"id": "499", "int": 998}"#)
  }

  @Test func repeatedExpressionsShareOneParse() {
    // Same text, different bindings: the cached parse must not keep old values.
    let (output, _) = Self.batch((0..<4).map { #"{"id": "\#($0)", "expr": "n % 2 == 0", "bindings": {"n": \#($0)}}"# })
    #expect(output.map { $0.hasSuffix(#""bool": true}"#) } == [true, false, true, false])
  }

  /// Batch lines quote strings as every other JSON output does: bidi overrides, DEL, C1 controls,
  /// line separators and the BOM are escaped, never written raw (a regression: the fast path once
  /// copied every byte at or above 0x20).
  @Test func batchEscapesInvisibleAndBidiCharactersLikeFormatJSON() {
    // The raw characters in the id; the same ones as rules escapes in the expression (the rules
    // lexer refuses raw controls in a string literal).
    let trojan = "a\u{202E}b\u{7F}c\u{85}d\u{2028}e\u{FEFF}f\u{200F}"
    let escapes = #"'a\u202Eb\x7Fc\u0085d\u2028e\uFEFFf\u200F'"#
    let (output, _) = Self.batch([
      #"{"id": "\#(trojan)", "expr": "\#(escapes.replacingOccurrences(of: "\\", with: "\\\\"))"}"#,
      #"{"id": "2", "expr": "\#(trojan)"}"#,
    ])
    let quoted = #""a\u202eb\u007fc\u0085d\u2028e\ufefff\u200f""#
    #expect(output.first == #"{"id": \#(quoted), "string": \#(quoted)}"#)
    #expect(Self.value(escapes) == #"{"string": \#(quoted)}"#)
    #expect(output.allSatisfy { line in line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } })
    #expect(output.count == 2)
  }
}
