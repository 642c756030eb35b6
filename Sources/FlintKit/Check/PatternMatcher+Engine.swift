import RulesEngine
import RulesLanguage

extension PatternMatcher {
  /// The rules engine's RE2 regex, as `string.matches()` evaluates it.
  package static let engine = PatternMatcher { pattern, subject in try? RulesRegex.matches(pattern, subject) }
}
