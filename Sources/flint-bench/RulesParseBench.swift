import RulesLanguage

/// Lex + parse + check of a generated rules file of about `lines` lines.
enum RulesParseBench {
  static func run(lines: Int = 20_000, repeats: Int = 3) -> BenchResult {
    let text = generate(lines: lines)
    let bytes = text.utf8.count
    let before = peakResidentBytes()
    var errors = 0
    let seconds = bestSeconds(repeats: repeats) {
      let compiled = RulesCompiler.compile(SourceFile(name: "bench.rules", text: text))
      errors = compiled.diagnostics.filter { $0.severity == .error }.count
    }
    let grown = max(0, peakResidentBytes() - before)
    return BenchResult(
      name: "rules-parse-check",
      fields: [
        ("lines", .int(text.utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count)), ("bytes", .int(bytes)),
        ("errors", .int(errors)),
        ("seconds", format(seconds, digits: 4)), ("mb_per_second", format(Double(bytes) / seconds / 1e6)),
        ("peak_rss_growth_over_source", format(Double(grown) / Double(bytes))),
      ])
  }

  /// A realistic ruleset repeated (larger than the 256 KB deploy limit, so
  /// the check reports exactly one error, `check.source-too-large`): helpers with `let`, nested matches, get() role lookups,
  /// validation with diff().affectedKeys(), regex and timestamp checks.
  static func generate(lines: Int) -> String {
    var out = "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n"
    var block = 0
    var lineCount = 3
    while lineCount < lines - 2 {
      let text = """
            function isOwner\(block)(uid) {
              let signedIn = request.auth != null;
              return signedIn && request.auth.uid == uid;
            }
            function isAdmin\(block)() {
              return get(/databases/$(database)/documents/admins/$(request.auth.uid)).data.role == 'admin';
            }
            match /coll\(block)/{docId} {
              allow read: if resource.data.visibility == 'public' || isOwner\(block)(resource.data.owner);
              allow create: if isOwner\(block)(request.resource.data.owner)
                && request.resource.data.title is string
                && request.resource.data.title.size() <= 100
                && request.resource.data.createdAt == request.time;
              allow update: if isOwner\(block)(resource.data.owner)
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title', 'body'])
                && request.resource.data.title.matches('^[A-Za-z0-9 ]+$');
              allow delete: if isAdmin\(block)();
              match /comments/{commentId} {
                allow read: if true;
                allow write: if request.auth.token.email_verified == true
                  && request.time < timestamp.date(2030, 1, 1)
                  && request.resource.data.keys().hasAll(['text', 'author']);
              }
            }

        """
      out += text
      lineCount += text.utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count
      block += 1
    }
    return out + "  }\n}\n"
  }
}
