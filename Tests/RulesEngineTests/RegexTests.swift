import Testing

@testable import RulesEngine

@Suite("RE2 regular expressions on PCRE2")
struct RegexTests {
  private func matches(_ pattern: String, _ subject: String) throws -> Bool {
    try RulesRegex.matches(pattern, subject)
  }

  @Test(
    "whole-string matching with RE2 semantics",
    arguments: [
      (".*@domain[.]com", "user@domain.com", true),
      (".*@domain[.]com", "user@domain.com.evil", false),
      ("world", "hello world", false),
      ("a|ab", "ab", true),
      ("abc$", "abc\n", false),
      ("^abc$", "abc", true),
      ("a.c", "a\nc", false),
      ("(?s)a.c", "a\nc", true),
      ("\\w+", "h\u{E9}llo", false),
      ("\\d+", "\u{661}\u{662}", false),
      ("(?i)\u{C9}COLE", "\u{E9}cole", true),
      ("(?P<n>a)b", "ab", true),
      ("(?<n>a)b", "ab", true),
      ("", "", true),
      ("", "a", false),
      ("a{2,3}", "aaa", true),
      ("a{2,3}", "aaaa", false),
      ("x{,2}", "x{,2}", true),
      ("a{", "a{", true),
      ("\\s", "\u{0B}", false),
      ("\\s", "\t", true),
      ("\\S", "\u{0B}", true),
      ("[\\s]", "\u{0B}", false),
      ("[\\S]", "\u{0B}", true),
      ("[^\\S]", " ", true),
      ("\\v", "\u{0B}", true),
      ("\\v", "\n", false),
      ("\\0", "\u{0}", true),
      ("\\12", "\n", true),
      ("\\141", "a", true),
      ("\\x41\\x{1F600}", "A\u{1F600}", true),
      ("\\Q.*\\E", ".*", true),
      ("\\Q.*\\E", "ab", false),
      ("\\Q.*", ".*", true),
      ("[[:alpha:]]+", "abc", true),
      ("[[:^digit:]]", "a", true),
      ("[a-c-]+", "a-c", true),
      ("[]a]+", "]a", true),
      ("[^]a]", "b", true),
      ("[a[]+", "[a", true),
      ("\\pL+", "\u{E9}t\u{E9}", true),
      ("\\p{Greek}+", "\u{3B1}\u{3B2}", true),
      ("\\p{Greek}", "a", false),
      ("\\P{Greek}", "a", true),
      ("\\p{^Greek}", "a", true),
      ("\\PN", "a", true),
      ("[\\p{Lu}]", "A", true),
      ("(?i)a(?-i)b", "Ab", true),
      ("(?i)a(?-i)b", "AB", false),
      ("(?U)a+", "aaa", true),
      ("a*?b", "aab", true),
      ("\\.\\*\\_", ".*_", true),
      ("#", "#", true),
      (" ", " ", true),
      ("\\Aab\\z", "ab", true),
      ("a\\b", "a", true),
      ("(?m)^b$", "b", true),
      ("(a+)+", "aaaa", true),
      ("\u{1F600}+", "\u{1F600}\u{1F600}", true),
      (".", "\u{1F600}", true),
    ])
  func semantics(pattern: String, subject: String, expected: Bool) throws {
    #expect(try matches(pattern, subject) == expected)
  }

  @Test(
    "syntax RE2 rejects is an error",
    arguments: [
      "(a)\\1", "\\8", "\\g1", "\\k<n>", "(?P=n)", "(?=a)", "(?!a)", "(?<=a)b", "(?<!a)b", "(?>a)", "a*+", "a++",
      "a?+", "a{2}+", "a**", "a{2}{3}", "(?#c)", "(?|a)", "(?'n'a)", "(?R)", "(?1)", "(?&n)", "(?P>n)", "(?(1)a|b)",
      "(?C1)", "(*UTF)", "(*LIMIT_MATCH=10)a", "(?x) a", "(?n)a", "\\C", "\\e", "\\cK", "\\G", "\\Z", "\\K", "\\R",
      "\\X", "\\N", "\\h", "\\H", "\\V", "\\l", "\\u", "\\L", "\\U", "\\o{101}", "[\\b]", "a{1001}", "(a{100}){11}",
      "((a{10}){10}){11}", "a{3,2}", "*a", "a|*", "(", ")", "(?)", "(?i", "[a", "[z-a]", "[a-\\d]", "\\", "\\xG1",
      "\\x{110000}", "\\x4", "\\x{}", "\\p{Xan}", "\\p{L&}", "\\p{Cn}", "\\p{Foo}", "\\pX", "[[:foo:]]", "(?P<1n>a)",
      "(?P<n>a)(?P<n>b)",
      "^*", "\\b+", "(?i)*", "\\q",
    ])
  func rejects(pattern: String) {
    #expect(RulesRegex.syntaxError(in: pattern) != nil, "\(pattern) must be rejected")
    #expect(throws: EvalError.self) { try RulesRegex.matches(pattern, "a") }
  }

  @Test("syntax errors carry a message and a byte offset")
  func syntaxErrorDetail() throws {
    let bad = try #require(RulesRegex.syntaxError(in: "\u{E9}(?=x)"))
    #expect(bad.message.contains("(?="))
    #expect(bad.offset == 2)
    let unclosed = try #require(RulesRegex.syntaxError(in: "[abc"))
    #expect(unclosed.message == "missing closing ]")
    #expect(RulesRegex.syntaxError(in: "[a-z]+@[a-z]+\\.com") == nil)
  }

  @Test(
    "catastrophic patterns answer or error promptly, never a wrong false",
    arguments: [
      ("(a+)+$", String(repeating: "a", count: 30) + "!"),
      ("(a|a)*b", String(repeating: "a", count: 40)),
      ("(a|aa)*b", String(repeating: "a", count: 40) + "cb"),
      ("(x+x+)+y", String(repeating: "x", count: 30) + "zy"),
      ("(\\w+\\s?)*$", String(repeating: "word ", count: 12) + "!"),
      ("(.*)*x", String(repeating: "y", count: 30) + "x!"),
      ("((a*)*)*b", String(repeating: "a", count: 5000)),
    ])
  func pathologicalNoMatch(pattern: String, subject: String) {
    // The true answer is "no match": the result must be false or an error, never true.
    do {
      #expect(try RulesRegex.matches(pattern, subject) == false)
    } catch {
      #expect(error.message.contains("limit"))
    }
  }

  @Test("a pathological pattern that does match is decided by the DFA fallback")
  func pathologicalMatch() throws {
    let pattern = "(?:a?){30}a{30}"
    let subject = String(repeating: "a", count: 30)
    do {
      #expect(try RulesRegex.matches(pattern, subject) == true)
    } catch {
      #expect(error.message.contains("limit"))  // acceptable: an error, never false
    }
  }

  @Test("exceeding the work bound is an error, not false")
  func limitIsError() {
    // Backtracking and a 2,048-int DFA workspace both give up on this one.
    let pattern = "(x+x+)+y"
    let subject = String(repeating: "x", count: 5000) + "zy"
    #expect(throws: EvalError.self) { try RulesRegex.matches(pattern, subject) }
    let split = "(a|aa)*b"
    #expect(throws: EvalError.self) { try RulesRegex.split(String(repeating: "a", count: 40) + "cb", on: split) }
  }

  @Test("large but benign subjects are decided, not refused")
  func largeSubjects() throws {
    let big = String(repeating: "ab", count: 50_000)
    #expect(try matches("(a|b)*", big))
    #expect(try matches("(?:ab)+", big))
    #expect(try matches("[a-z]+", String(repeating: "q", count: 1_000_000)))
    #expect(try matches(".*x", big) == false)
    #expect(try RulesRegex.split(big, on: "b").count == 50_000)
    #expect(try matches("[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}", "first.last+tag@example.co.uk"))
  }

  @Test("the compile cache is bounded and serves repeated patterns")
  func cache() throws {
    let cache = RegexCache(capacity: 3)
    for i in 0..<10 { _ = try cache.pattern("a\(i)", anchored: true) }
    #expect(cache.count == 3)
    let first = try cache.pattern("b", anchored: true)
    let second = try cache.pattern("b", anchored: true)
    #expect(first === second)
    #expect(throws: RegexSyntaxError.self) { try cache.pattern("(", anchored: false) }
  }

  @Test("the cache is safe to use from many tasks")
  func concurrentUse() async throws {
    let results = try await withThrowingTaskGroup(of: Bool.self) { group in
      for i in 0..<64 {
        group.addTask { try RulesRegex.matches("[a-z]+\(i % 5)", "abc\(i % 5)") }
      }
      var all: [Bool] = []
      for try await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 64 && results.allSatisfy { $0 })
  }
}
