import ArgumentParser
import FlintKit

/// The project a command works on: `--rules`, `--data`, `--indexes` and `--database` (shared
/// by `flint query` and `flint repl`). Files not given come from `firebase.json`
/// (`ProjectFiles`, which also chooses the database).
struct ProjectOptions: ParsableArguments {
  @Option(name: .long, help: "The rules file (default: firebase.json's rules, if any).")
  var rules: String?

  @Option(name: .long, help: "Seed documents: tagged JSON or Firestore REST JSON.")
  var data: String?

  @Option(name: .long, help: "The index manifest (default: firebase.json's indexes, if any).")
  var indexes: String?

  @Option(
    name: .long,
    help: "The database id (default: (default), else firebase.json's only database); selects its rules and indexes in a multi-database firebase.json.")
  var database: String?

  /// The rules, the manifest and the database: the options, else what firebase.json names,
  /// with a note on stderr when the database is not the obvious one.
  func files() throws(UsageProblem) -> ProjectFiles {
    let files: ProjectFiles
    do {
      files = try ProjectFiles.resolve(rules: rules, indexes: indexes, database: database)
    } catch {
      throw UsageProblem(error.message)
    }
    if let note = files.databaseNote { Output.error("flint: note: \(note)") }
    return files
  }
}
