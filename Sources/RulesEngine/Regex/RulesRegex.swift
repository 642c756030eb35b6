/// RE2 regular expressions for `matches`, `replace` and `split` (work in progress).
public enum RulesRegex {
  public static func matches(_ pattern: String, _ subject: String) throws(EvalError) -> Bool {
    throw EvalError("Regular expressions are not available yet.")
  }

  public static func replaceAll(_ pattern: String, in subject: String, with replacement: String) throws(EvalError)
    -> String
  {
    throw EvalError("Regular expressions are not available yet.")
  }

  public static func split(_ subject: String, on pattern: String) throws(EvalError) -> [String] {
    throw EvalError("Regular expressions are not available yet.")
  }
}
