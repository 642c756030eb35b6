import ArgumentParser
import FlintKit

extension FlintCommand {
  /// `flint init`: starter rules, a passing suite and an empty index manifest.
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write starter rules, a rule-test suite and an index manifest.",
      discussion: """
        Writes, into DIR (default: the current folder) when it is empty or holds a \
        firebase.json, a locked-down firestore.rules, firestore.rules.test.yaml (cases that \
        pass against it), an empty firestore.indexes.json and, when missing, firebase.json. \
        An existing file is never overwritten; it is reported as skipped. An existing \
        firebase.json without a "firestore" section gets one naming firestore.rules and \
        firestore.indexes.json (as 'firebase init firestore' does; its other keys, their order \
        and formatting are kept); one that has the section keeps it unchanged. Exit status: 0 \
        done, 2 the folder is neither empty nor a Firebase project, its firebase.json is not \
        valid JSON (file:line:col; nothing is written), or a file cannot be written.
        """
    )

    @Argument(help: "The project folder.")
    var directory: String = "."

    func run() throws {
      let outcome: ProjectInit.Outcome
      do {
        outcome = try ProjectInit.run(in: directory)
      } catch {
        throw UsageProblem(error.description)
      }
      var out = ""
      for name in outcome.written { out += "wrote \(name)\n" }
      for name in outcome.skipped { out += "skipped \(name) (it exists; left unchanged)\n" }
      if outcome.addedSection { out += "updated \(StarterFiles.configName): added the firestore section\n" }
      // `--strict`: undefined names are errors, so a typo fails CI instead of passing with a
      // warning (the default, as Google's CLI). A kept section naming other rules: `flint check`
      // alone would check those, not the starter.
      var check = "flint check --strict"
      if let rules = outcome.keptRules, !rules.contains(StarterFiles.rulesName) {
        let named = rules.isEmpty ? "no rules file" : rules.joined(separator: ", ")
        out += "kept \(StarterFiles.configName)'s firestore section (it names \(named); left unchanged)\n"
        check += " \(StarterFiles.rulesName)"
      }
      let inFolder = directory == "." ? "" : "cd \(directory) && "
      out += "next: \(inFolder)\(check) && flint test \(StarterFiles.suiteName)\n"
      Output.out(out)
    }
  }
}
