/// An upload whose content-type check is a pattern that also accepts a type browsers run script
/// from: `request.resource.contentType.matches('image/.*')` accepts `image/svg+xml`. The bucket
/// serves the object back with the type the uploader declared, so an "images only" folder can
/// host a script page on the project's domain. The pattern is decided with the rules engine's
/// RE2 regex (`PatternMatcher`), exactly. A condition that mentions SVG (a name or type test with
/// `svg`) admits it on purpose and stays silent.
enum ActiveContentType: Lint {
  static let rule = LintRule(
    code: .securityActiveContentType, services: [.storage],
    summary:
      "an upload's content-type pattern also accepts a type that runs script (`'image/.*'` accepts `image/svg+xml`)",
    fixHint: "list the types you serve: `request.resource.contentType.matches('image/(png|jpeg|gif|webp)')`",
    triggering: [
      """
      match /images/{userId}/{fileName} {
        allow write: if request.auth.uid == userId && request.resource.size < 1024 * 1024
          && request.resource.contentType.matches('image/.*');
      }
      """,
      """
      function isMedia(type) { return type.matches('(image|video)/.*'); }
      match /media/{userId}/{fileName} {
        allow create: if request.auth.uid == userId && request.resource.size < 1024 * 1024
          && isMedia(request.resource.contentType);
      }
      """,
    ],
    nonTriggering: [
      """
      match /images/{userId}/{fileName} {
        allow write: if request.auth.uid == userId && request.resource.size < 1024 * 1024
          && request.resource.contentType.matches('image/(png|jpeg|gif|webp)');
      }
      """,
      """
      match /logos/{fileName} {
        allow create: if request.auth != null && request.resource.size < 1024 * 1024
          && request.resource.contentType.matches('image/.*') && fileName.matches('.*[.](svg|png)');
      }
      """,
      "match /images/{fileName} { allow read: if request.resource.contentType.matches('image/.*'); }",
      """
      match /files/{userId}/{fileName} {
        allow create: if request.auth.uid == userId && request.resource.size < 1024 * 1024
          && !request.resource.contentType.matches('text/.*');
      }
      """,
    ])

  /// Types a browser runs script from when a bucket serves them, and why.
  static let activeTypes: [(type: String, why: String)] = [
    ("image/svg+xml", "an SVG image can carry script"),
    ("text/html", "an HTML page runs script"),
    ("application/xhtml+xml", "an XHTML page runs script"),
    ("text/xml", "an XML document can carry script (XHTML, SVG)"),
    ("application/xml", "an XML document can carry script (XHTML, SVG)"),
    ("text/javascript", "it is script"),
    ("application/javascript", "it is script"),
  ]

  static func run(_ model: LintModel) -> [Diagnostic] {
    guard let patterns = model.patterns, ByteSearch.contains(model.source.bytes, "contentType") else { return [] }
    var diagnostics: [Diagnostic] = []
    for allow in model.allowFacts where !allow.methods.isDisjoint(with: [.create, .update]) && !allow.isNever {
      guard let condition = allow.condition, !mentionsSVG(condition, allow.match) else { continue }
      var finding: (pattern: String, type: String, why: String)?
      for pattern in acceptingPatterns(condition) {
        if let active = activeTypes.first(where: { patterns.matches(pattern, $0.type) == true }) {
          finding = (pattern, active.type, active.why)
          break
        }
      }
      guard let finding else { continue }
      diagnostics.append(
        rule.warning(
          "'allow \(allow.methodText)' on '\(allow.match.pathText)' accepts uploads declared as '\(finding.type)': "
            + "the pattern '\(finding.pattern)' matches it, \(finding.why), and the bucket serves the object back "
            + "with that type",
          at: allow.methodsRange,
          notes: [
            Diagnostic.Note("the content type is what the uploader declares; Cloud Storage never checks the bytes")
          ]
        ))
    }
    return diagnostics
  }

  /// The literal patterns of `request.resource.contentType.matches('...')` tests that admit a
  /// type when true: not under `!` and not compared with a boolean (a deny list such as
  /// `!contentType.matches('text/.*')` rejects what it matches).
  static func acceptingPatterns(_ expr: Expr) -> [String] {
    switch expr.kind {
    case .binary(.and, let l, let r), .binary(.or, let l, let r):
      return acceptingPatterns(l) + acceptingPatterns(r)
    case .ternary(_, let t, let o):
      return acceptingPatterns(t) + acceptingPatterns(o)
    case .methodCall(let base, let name, let args):
      guard name.name == "matches", base.isChain(Chain.requestResourceContentType), args.count == 1,
        case .string(let pattern) = args[0].kind
      else { return [] }
      return [pattern]
    default:
      return []
    }
  }

  /// Whether the condition or the path names SVG (a string or a path segment with `svg` in it):
  /// the rules mean to accept it.
  static func mentionsSVG(_ condition: Expr, _ match: LintModel.Match) -> Bool {
    if match.pathText.lowercased().contains("svg") { return true }
    return condition.contains { node in
      if case .string(let text) = node.kind { return text.lowercased().contains("svg") }
      return false
    }
  }
}
