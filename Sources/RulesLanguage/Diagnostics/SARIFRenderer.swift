import FirestoreModel

/// `flint check --format sarif`: SARIF 2.1.0 (OASIS), one run, for GitHub code scanning.
///
/// Every code that appears gets a rule (`tool.driver.rules`) with a short description, a help
/// text (the fix, for lints) and the absolute `helpUri` the caller's `SARIFDocumentation` gives
/// it (the renderer knows no documentation page); every diagnostic
/// is a result with its level, message (notes appended), and a region in 1-based lines and
/// Unicode-scalar columns (`columnKind: unicodeCodePoints`), end column exclusive as SARIF wants.
/// With a `SARIFSourceRoot`, artifact locations are relative to it through `uriBaseId`
/// `%SRCROOT%` (code scanning resolves them against the repository, wherever Flint ran).
package enum SARIFRenderer {
  /// The base id of artifact locations relative to the source root.
  package static let sourceRootBaseId = "%SRCROOT%"

  package static func render(
    _ files: [(source: SourceFile, diagnostics: [Diagnostic])], toolVersion: String? = nil,
    documentation: SARIFDocumentation, sourceRoot: SARIFSourceRoot? = nil
  ) -> String {
    let lintRules = Dictionary(RulesLinter.rules.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    var ruleIndex: [DiagnosticCode: Int] = [:]
    var rules: [JSONValue] = []
    var results: [JSONValue] = []
    for (position, file) in files.enumerated() {
      let artifact = artifactLocation(file.source.name, relativePath: sourceRoot?.relativePath(position))
      for diagnostic in file.diagnostics {
        let index: Int
        if let known = ruleIndex[diagnostic.code] {
          index = known
        } else {
          index = rules.count
          ruleIndex[diagnostic.code] = index
          rules.append(
            rule(
              diagnostic.code, lint: lintRules[diagnostic.code], severity: diagnostic.severity,
              helpURI: documentation.helpURI(diagnostic.code)))
        }
        results.append(result(diagnostic, ruleIndex: index, in: file.source, artifact: artifact))
      }
    }
    var driver: [(String, JSONValue)] = [("name", .string("flint"))]
    if let toolVersion { driver.append(("version", .string(toolVersion))) }
    driver.append(("informationUri", .string(documentation.informationURI)))
    driver.append(("rules", .array(rules)))
    var run: [(String, JSONValue)] = [("tool", .object([("driver", .object(driver))]))]
    if let sourceRoot {
      run.append(
        (
          "originalUriBaseIds",
          .object([(sourceRootBaseId, .object([("uri", .string(uri(sourceRoot.directoryURI)))]))])
        ))
    }
    run.append(("columnKind", .string("unicodeCodePoints")))
    run.append(("results", .array(results)))
    return JSONValue.object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      ("runs", .array([.object(run)])),
    ]).text(.spaced) + "\n"
  }

  private static func rule(_ code: DiagnosticCode, lint: LintRule?, severity: Severity, helpURI: String) -> JSONValue {
    var members: [(String, JSONValue)] = [("id", .string(code.rawValue))]
    members.append(("shortDescription", .object([("text", .string(lint?.summary ?? code.rawValue))])))
    if let lint { members.append(("help", .object([("text", .string("Fix: " + lint.fixHint))]))) }
    members.append(("helpUri", .string(helpURI)))
    members.append(("defaultConfiguration", .object([("level", .string(level(severity)))])))
    return .object(members)
  }

  /// `{"uri": "rules/firestore.rules", "uriBaseId": "%SRCROOT%"}` for a file under the source
  /// root, else `{"uri": <the name as a URI>}`.
  private static func artifactLocation(_ name: String, relativePath: String?) -> JSONValue {
    guard let relativePath else { return .object([("uri", .string(uri(name)))]) }
    return .object([("uri", .string(uri(relativePath))), ("uriBaseId", .string(sourceRootBaseId))])
  }

  private static func result(_ diagnostic: Diagnostic, ruleIndex: Int, in source: SourceFile, artifact: JSONValue)
    -> JSONValue
  {
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
          ("artifactLocation", artifact),
          ("region", region),
        ])
      )
    ])
    var members: [(String, JSONValue)] = [
      ("ruleId", .string(diagnostic.code.rawValue)),
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
            ("artifactLocation", artifact),
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

/// Where the tool and each diagnostic code are documented, as absolute URIs (code scanning links
/// only absolute ones): the tool's `informationUri` and each rule's `helpUri`. The front end that
/// ships the pages chooses them; the renderer only writes them.
package struct SARIFDocumentation: Sendable {
  package var informationURI: String
  package var helpURI: @Sendable (DiagnosticCode) -> String

  package init(informationURI: String, helpURI: @escaping @Sendable (DiagnosticCode) -> String) {
    self.informationURI = informationURI
    self.helpURI = helpURI
  }
}

/// The directory SARIF artifact locations are relative to (`%SRCROOT%`): the repository root
/// in a git checkout, else the current directory. Finding it reads the file system, so the
/// caller does (FlintKit's `SourceRoot`); the renderer only writes it.
package struct SARIFSourceRoot: Sendable, Equatable {
  /// The absolute directory, without a trailing `/`.
  package var directory: String
  /// Each rendered file's path relative to `directory`, in the order of the files; nil for a
  /// file outside it (located by its name, as without a source root).
  package var relativePaths: [String?]

  package init(directory: String, relativePaths: [String?]) {
    self.directory = directory
    self.relativePaths = relativePaths
  }

  func relativePath(_ position: Int) -> String? {
    position < relativePaths.count ? relativePaths[position] : nil
  }

  /// The directory as SARIF wants a base URI: absolute, ending in `/`.
  var directoryURI: String { directory.hasSuffix("/") ? directory : directory + "/" }
}
