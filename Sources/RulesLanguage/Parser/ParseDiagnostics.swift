/// The syntax diagnostics (`parse.*` codes) that carry fixed wording, in one catalog.
/// "Expected X" messages are built where they are emitted, all with the code
/// `parse.expected-token` unless a more specific code is listed here.
package enum ParseDiagnostics {
  package static let methodList = "read, write, get, list, create, update or delete"

  package static func expectedExpression(at offset: Int) -> Diagnostic {
    .error(.parseExpectedExpression, "expected expression", at: .at(offset))
  }

  package static func expectedService(at offset: Int) -> Diagnostic {
    .error(
      .parseExpectedService, "expected 'service' declaration, such as 'service cloud.firestore { ... }'",
      at: .at(offset))
  }

  package static func nestingTooDeep(at range: SourceRange) -> Diagnostic {
    .error(
      .parseNestingTooDeep, "expression nested too deeply or too long (limit \(Parser.maxDepth) levels)", at: range)
  }

  package static func tooManyErrors(at range: SourceRange) -> Diagnostic {
    .error(.parseTooManyErrors, "too many errors; stopped reporting after \(Parser.maxDiagnostics)", at: range)
  }

  package static func duplicateService(at range: SourceRange, first: SourceRange) -> Diagnostic {
    .error(
      .parseDuplicateService, "only one 'service' block is allowed per file", at: range,
      notes: [.init("the first 'service' block is here", at: first)])
  }

  package static func unexpectedRulesVersion(at range: SourceRange) -> Diagnostic {
    .error(
      .parseUnexpectedRulesVersion, "unexpected 'rules_version': it must be the first statement in the file",
      at: range)
  }

  package static func trailingParameterComma(at range: SourceRange) -> Diagnostic {
    .warning(
      .parseTrailingComma,
      "a ',' after the last parameter: Flint accepts it, but whether Firebase's compiler does is not known; remove it to be safe",
      at: range)
  }

  package static func singleStarWildcard(_ name: String, at range: SourceRange) -> Diagnostic {
    .warning(
      .parseSingleStarWildcard,
      "'{\(name)=*}' matches exactly one path segment, like '{\(name)}'; write '{\(name)}', or '{\(name)=**}' to match any depth",
      at: range)
  }

  /// `parse.glued-wildcard`: `/{id}.png` deploys in real projects, but whether it binds `id`
  /// is not documented (Docs/fidelity/storage.md): Flint reads it as a literal segment, which
  /// can only deny what production might allow.
  package static func gluedWildcard(_ text: String, at range: SourceRange) -> Diagnostic {
    .warning(
      .parseGluedWildcard,
      "a wildcard must be a whole path segment; Flint reads '\(text)' as a literal name, so it matches only an object or document named exactly '\(text)'",
      at: range)
  }

  /// `parse.unclosed-block`: the parser recovered, so the tree is as the author indented it.
  package static func unclosedBlock(_ what: String, at header: SourceRange, line: Int, lastStatementEnd: Int)
    -> Diagnostic
  {
    .error(
      .parseUnclosedBlock,
      "this \(what) is not closed: its '}' is missing before line \(line), where the indentation returns to the block's level",
      at: header, notes: [.init("add '}' after this line", at: .at(lastStatementEnd))])
  }

  package static func unknownMethod(_ name: String, at range: SourceRange) -> Diagnostic {
    .error(.parseUnknownMethod, "unknown method '\(name)'; expected \(methodList)", at: range)
  }

  package static func missingIf(at offset: Int) -> Diagnostic {
    .error(.parseMissingIf, "expected 'if' before the allow condition", at: .at(offset))
  }

  package static func missingReturn(function name: String, at range: SourceRange) -> Diagnostic {
    .error(.parseMissingReturn, "function '\(name)' has no 'return' statement", at: range)
  }

  package static func integerOutOfRange(at range: SourceRange) -> Diagnostic {
    .error(.parseIntegerOutOfRange, "integer literal is out of range for a 64-bit signed integer", at: range)
  }

  package static func floatOutOfRange(at range: SourceRange) -> Diagnostic {
    .error(.parseFloatOutOfRange, "float literal is out of range for a 64-bit float", at: range)
  }

  package static func mapKeyNotString(at range: SourceRange) -> Diagnostic {
    .error(.parseMapKeyNotString, "map keys must be string literals, as in {'key': value}", at: range)
  }

  package static func emptySlice(at range: SourceRange) -> Diagnostic {
    .error(.parseEmptySlice, "a slice needs at least one bound, as in [i:], [:j] or [i:j]", at: range)
  }

  package static func keywordAsMember(_ name: String, at range: SourceRange) -> Diagnostic {
    .error(
      .parseKeywordAsMember, "'\(name)' is a keyword; write ['\(name)'] to read a field with this name",
      at: range)
  }

  package static func notCallable(at range: SourceRange) -> Diagnostic {
    .error(.parseNotCallable, "only a function name or a method can be called", at: range)
  }

  package static func invalidMatchPath(_ message: String, at range: SourceRange) -> Diagnostic {
    .error(.parseInvalidMatchPath, message, at: range)
  }

  package static func invalidPathLiteral(_ message: String, at range: SourceRange) -> Diagnostic {
    .error(.parseInvalidPathLiteral, message, at: range)
  }
}
