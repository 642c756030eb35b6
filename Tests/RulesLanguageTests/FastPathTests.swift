import Testing

@testable import RulesLanguage

/// The lookups and shortcuts added for speed must answer exactly what the plain versions
/// answer: `NameSet`/`SmallNameMap` against `Set`/`Dictionary` (including non-ASCII names
/// that are canonically equal to ASCII ones), the keyword switch against the keyword list,
/// interned identifiers and escape-free strings against decoding.
@Suite("Checks and parser fast paths")
struct FastPathTests {
  /// SplitMix64: deterministic, so a failure reproduces.
  struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Names near the built-in tables: members, prefixes, case changes, the Kelvin sign
  /// (U+212A, canonically equal to "K"), a decomposed "é" and a precomposed one.
  static let probes: [String] = {
    var names = Array(BuiltinNames.methods) + Array(BuiltinNames.namespaces.keys) + Array(BuiltinNames.typeNames)
    names += [
      "", "x", "requests", "Request", "changed\u{212A}eys", "affected\u{212A}eys", "e\u{301}", "\u{E9}", "math ",
    ]
    names += BuiltinNames.methods.map { String($0.dropLast()) }
    return names
  }()

  @Test("NameSet answers exactly like Set, for ASCII and non-ASCII probes and members")
  func nameSetMatchesSet() {
    let tables: [Set<String>] = [
      BuiltinNames.methods, BuiltinNames.typeNames, RulesService.firestore.globalVariables,
      Set(BuiltinNames.namespaces.keys), ["\u{E9}t\u{E9}", "K", "plain"],
    ]
    for table in tables {
      let fast = NameSet(table)
      for probe in Self.probes + Array(table) + ["\u{212A}", "e\u{301}te\u{301}"] {
        #expect(fast.contains(probe) == table.contains(probe), "\(probe) in \(table)")
      }
    }
    #expect(BuiltinNames.methodSet.contains("changed\u{212A}eys"))
  }

  @Test("SmallNameMap behaves like a Dictionary below and above the linear limit")
  func smallMapMatchesDictionary() {
    var random = SeededRandom(state: 42)
    let keys = (0..<40).map { "k\($0)" } + ["\u{E9}", "e\u{301}", "K", "\u{212A}"]
    for _ in 0..<300 {
      var fast = SmallNameMap<Int>()
      var plain: [String: Int] = [:]
      for step in 0..<Int.random(in: 0..<60, using: &random) {
        let key = keys.randomElement(using: &random)!
        if Int.random(in: 0..<5, using: &random) == 0 {
          fast[key] = nil
          plain[key] = nil
        } else {
          fast[key] = step
          plain[key] = step
        }
        let probe = keys.randomElement(using: &random)!
        #expect(fast[probe] == plain[probe])
      }
      #expect(fast.isEmpty == plain.isEmpty)
      #expect(fast.names.sorted() == plain.keys.sorted())
    }
  }

  @Test("Every keyword, and words one letter away from one, lex as before")
  func keywords() {
    let keywords: [(String, TokenKind)] = [
      ("if", .kwIf), ("in", .kwIn), ("is", .kwIs), ("let", .kwLet), ("true", .kwTrue), ("null", .kwNull),
      ("match", .kwMatch), ("allow", .kwAllow), ("false", .kwFalse), ("return", .kwReturn),
      ("service", .kwService), ("function", .kwFunction), ("rules_version", .kwRulesVersion),
    ]
    for (word, kind) in keywords {
      #expect(Lexer.tokenize(SourceFile(name: "t", text: word)).tokens.first?.kind == kind, "\(word)")
      for variant in [word + "x", String(word.dropLast()), "x" + word.dropFirst(), word.uppercased(), "_" + word] {
        let kinds = Lexer.tokenize(SourceFile(name: "t", text: variant)).tokens.map(\.kind)
        #expect(kinds == [.identifier, .eof], "\(variant)")
      }
    }
  }

  @Test("Interned identifiers and escape-free strings decode to the same text")
  func internedNamesAndStrings() {
    let text = """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          function averyveryverylongfunctionname(averyveryverylongparameter) {
            let shortName = averyveryverylongparameter.someVeryLongMemberName;
            return shortName == averyveryverylongparameter.someVeryLongMemberName;
          }
          match /c/{id} {
            allow read: if averyveryverylongfunctionname(request.auth)
              && resource.data.x == 'plain text'
              && resource.data.y == 'tab\\tand quote\\''
              && resource.data.z == 'é and \\u00e9';
          }
        }
      }
      """
    let compiled = RulesCompiler.compile(SourceFile(name: "t", text: text))
    #expect(!compiled.hasErrors)
    let printed = RulesPrinter.print(compiled.file)
    #expect(printed.contains("averyveryverylongfunctionname(averyveryverylongparameter)"))
    #expect(printed.contains("averyveryverylongparameter.someVeryLongMemberName"))
    let strings = RulesParser.parseExpression(
      SourceFile(name: "t", text: "['plain', 'tab\\tq\\'', 'é', '\\u00e9', '']")
    ).expr.kind
    guard case .list(let items) = strings else {
      Issue.record("expected a list")
      return
    }
    #expect(items.map(\.kind) == [.string("plain"), .string("tab\tq'"), .string("é"), .string("é"), .string("")])
  }
}
