import ArgumentParser

/// The `flint` command: offline checks for Cloud Firestore rules, queries and indexes.
@main
struct Flint: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flint",
    abstract: "Check Cloud Firestore security rules, queries and indexes offline.",
    subcommands: []
  )
}
