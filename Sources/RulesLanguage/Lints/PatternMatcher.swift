/// Whether an RE2 pattern matches a whole string, as `string.matches()` decides it. The rules
/// engine's regex (`RulesEngine`'s `RulesRegex`) answers; it sits above this layer, so the caller
/// that has it (FlintKit's `flint check`) hands it to the lints. Without one, the lints that need
/// it (`security.active-content-type`) stay silent.
package struct PatternMatcher: Sendable {
  /// nil when the pattern does not compile (or its evaluation hits a limit): no answer.
  package var matches: @Sendable (_ pattern: String, _ subject: String) -> Bool?

  package init(_ matches: @escaping @Sendable (_ pattern: String, _ subject: String) -> Bool?) {
    self.matches = matches
  }
}
