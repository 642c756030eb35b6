import FlintKit

/// `flint help suites` and `flint help queries`: reference topics that are no subcommand.
enum HelpTopics {
  static func topic(_ arguments: [String]) -> String? {
    guard arguments.count == 2, arguments[0] == "help" else { return nil }
    switch arguments[1] {
    case "suites": return HelpText.suites
    case "queries": return HelpText.queries
    default: return nil
    }
  }
}
