import ArgumentParser
import FlintKit
import IndexAdvisor

/// A budget option's value (`--limit`, `--override-limit`): a number of manifest entries, 0 or
/// more. Any text is taken at parse time, so a bad value (`-1`, `lots`) gets Flint's own message
/// from `validate()`, naming the option as FlintKit's plan words do (`value(for:)`), rather than
/// ArgumentParser's generic one.
struct Budget: ExpressibleByArgument {
  /// The value as given.
  var text: String

  init(_ value: Int) { text = String(value) }

  init?(argument: String) { text = argument }

  var defaultValueDescription: String { text }

  /// The number of entries, or a usage problem naming the option that sets the `entries` budget.
  func value(for entries: BudgetOverrun.Entries) throws(ValidationError) -> Int {
    guard let value = Int(text), value >= 0 else {
      throw ValidationError(
        "\(IndexPlanRenderer.option(entries)) must be a non-negative integer (a number of manifest entries), got '\(text)'"
      )
    }
    return value
  }
}
