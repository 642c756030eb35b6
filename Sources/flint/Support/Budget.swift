import ArgumentParser

/// A budget option's value (`--limit`, `--override-limit`): a number of manifest entries, 0 or
/// more. Any text is taken at parse time, so a bad value (`-1`, `lots`) gets Flint's own usage
/// message naming the option (`value(for:)`) rather than ArgumentParser's generic one.
struct Budget: ExpressibleByArgument {
  /// The value as given.
  var text: String

  init(_ value: Int) { text = String(value) }

  init?(argument: String) { text = argument }

  var defaultValueDescription: String { text }

  /// The number of entries, or a usage problem naming `option`.
  func value(for option: String) throws(UsageProblem) -> Int {
    guard let value = Int(text), value >= 0 else {
      throw UsageProblem("\(option) must be a non-negative integer (a number of manifest entries), got '\(text)'")
    }
    return value
  }
}
