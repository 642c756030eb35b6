import FirestoreModel

/// `flint check --format sarif`: SARIF 2.1.0 (OASIS), one run, for GitHub code scanning.
///
/// Every code that appears gets a rule (`tool.driver.rules`) with a short description, a help
/// text (the fix, for lints) and a `helpUri` to its README section; every diagnostic is a
/// result with its level, message (notes appended), and a region in 1-based lines and
/// Unicode-scalar columns (`columnKind: unicodeCodePoints`), end column exclusive as SARIF wants.
public enum SARIFRenderer {
  /// Where rule documentation lives: the README, relative to the repository root (code scanning
  /// resolves it against the repository; set an absolute base when publishing elsewhere).
  public static let readme = "README.md"

  public static func render(
    _ files: [(source: SourceFile, diagnostics: [Diagnostic])], toolVersion: String? = nil, readme: String = readme
  ) -> String {
    let lintRules = Dictionary(RulesLinter.rules.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    var ruleIndex: [String: Int] = [:]
    var rules: [JSONValue] = []
    var results: [JSONValue] = []
    for file in files {
      for diagnostic in file.diagnostics {
        let index: Int
        if let known = ruleIndex[diagnostic.code] {
          index = known
        } else {
          index = rules.count
          ruleIndex[diagnostic.code] = index
          rules.append(rule(diagnostic.code, lint: lintRules[diagnostic.code], severity: diagnostic.severity, readme: readme))
        }
        results.append(result(diagnostic, ruleIndex: index, in: file.source))
      }
    }
    var driver: [(String, JSONValue)] = [("name", .string("flint"))]
    if let toolVersion { driver.append(("version", .string(toolVersion))) }
    driver.append(("informationUri", .string(readme)))
    driver.append(("rules", .array(rules)))
    let run: JSONValue = .object([
      ("tool", .object([("driver", .object(driver))])),
      ("columnKind", .string("unicodeCodePoints")),
      ("results", .array(results)),
    ])
    return JSONValue.object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      ("runs", .array([run])),
    ]).text(.spaced) + "\n"
  }

  /// The README anchor of a code: lints have their own heading, compiler checks share one.
  public static func anchor(_ code: String) -> String {
    if ["security.", "misconception.", "type.", "limit."].contains(where: { code.hasPrefix($0) }) {
      return code.filter { $0 != "." }
    }
    return "flint-check-validate-rules"
  }

  private static func rule(_ code: String, lint: LintRule?, severity: Severity, readme: String) -> JSONValue {
    var members: [(String, JSONValue)] = [("id", .string(code))]
    members.append(("shortDescription", .object([("text", .string(lint?.summary ?? code))])))
    if let lint { members.append(("help", .object([("text", .string("Fix: " + lint.fixHint))]))) }
    members.append(("helpUri", .string("\(readme)#\(anchor(code))")))
    members.append(("defaultConfiguration", .object([("level", .string(level(severity)))])))
    return .object(members)
  }

  private static func result(_ diagnostic: Diagnostic, ruleIndex: Int, in source: SourceFile) -> JSONValue {
    let start = source.location(of: diagnostic.range.start)
    let end = source.location(of: diagnostic.range.end)
    var text = diagnostic.message
    for note in diagnostic.notes { text += "\n" + note.message }
    let region: JSONValue = .object([
      ("startLine", .int(start.line)), ("startColumn", .int(start.column)),
      ("endLine", .int(end.line)), ("endColumn", .int(max(end.column, end.line == start.line ? start.column + 1 : 1))),
    ])
    let location: JSONValue = .object([
      (
        "physicalLocation",
        .object([
          ("artifactLocation", .object([("uri", .string(uri(source.name)))])),
          ("region", region),
        ])
      )
    ])
    var members: [(String, JSONValue)] = [
      ("ruleId", .string(diagnostic.code)),
      ("ruleIndex", .int(ruleIndex)),
      ("level", .string(level(diagnostic.severity))),
      ("message", .object([("text", .string(text))])),
      ("locations", .array([location])),
    ]
    let related = diagnostic.notes.enumerated().compactMap { index, note -> JSONValue? in
      guard let range = note.range else { return nil }
      let at = source.location(of: range.start)
      return .object([
        ("id", .int(index)),
        ("message", .object([("text", .string(note.message))])),
        (
          "physicalLocation",
          .object([
            ("artifactLocation", .object([("uri", .string(uri(source.name)))])),
            ("region", .object([("startLine", .int(at.line)), ("startColumn", .int(at.column))])),
          ])
        ),
      ])
    }
    if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
    return .object(members)
  }

  private static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "note"
    }
  }

  /// A file name as a URI: relative names stay relative references (resolved against the
  /// repository by code scanning), absolute paths become `file://` URIs; `\\` becomes `/`, and
  /// space, `%`, `#`, `?` are escaped.
  static func uri(_ name: String) -> String {
    var out = name.hasPrefix("/") ? "file://" : ""
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\\": out += "/"
      case " ": out += "%20"
      case "%": out += "%25"
      case "#": out += "%23"
      case "?": out += "%3F"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
