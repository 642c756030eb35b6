import ArgumentParser
import FlintKit

extension FlintCommand {
  /// `flint init`: starter rules, a passing suite and an empty index manifest.
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write starter rules, rule-test suites and an index manifest.",
      discussion: """
        Writes, into DIR (default: the current folder) when it is empty or holds a \
        firebase.json, a locked-down firestore.rules, firestore.rules.test.yaml (cases that \
        pass against it), an empty firestore.indexes.json and, when missing, firebase.json. \
        When firebase.json has a "storage" section, or with --storage, it also writes a \
        locked-down storage.rules (Cloud Storage: no client reads or writes any object) and \
        storage.rules.test.yaml. An existing file is never overwritten; it is reported as \
        skipped. An existing firebase.json without a "firestore" section gets one naming \
        firestore.rules and firestore.indexes.json, and with --storage one without a "storage" \
        section gets one naming storage.rules (as 'firebase init firestore' and 'firebase init \
        storage' do; its other keys, their order and formatting are kept); a section that \
        exists is kept unchanged. Exit status: 0 done, 2 the folder is neither empty nor a \
        Firebase project, its firebase.json is not valid JSON (file:line:col; nothing is \
        written), or a file cannot be written.
        """
    )

    @Argument(help: "The project folder.")
    var directory: String = "."

    @Flag(
      name: .long,
      help: "Also write Cloud Storage's starter (storage.rules and its suite) and its firebase.json section.")
    var storage = false

    func run() throws {
      let outcome: ProjectInit.Outcome
      do {
        outcome = try ProjectInit.run(in: directory, storage: storage)
      } catch {
        throw UsageProblem(error.description)
      }
      var out = ""
      for name in outcome.written { out += "wrote \(name)\n" }
      for name in outcome.skipped { out += "skipped \(name) (it exists; left unchanged)\n" }
      if !outcome.addedSections.isEmpty {
        let sections = outcome.addedSections.joined(separator: " and ")
        let noun = outcome.addedSections.count == 1 ? "section" : "sections"
        out += "updated \(StarterFiles.configName): added the \(sections) \(noun)\n"
      }
      // `--strict`: undefined names are errors, so a typo fails CI instead of passing with a
      // warning (the default, as Google's CLI). A kept section naming other rules: `flint check`
      // alone would check those, not the starter, so the starter files are named.
      var starters = [(section: "firestore", kept: outcome.keptRules, rules: StarterFiles.rulesName)]
      if outcome.storage {
        starters.append(("storage", outcome.keptStorageRules, StarterFiles.storageRulesName))
      }
      var namesOthers = false
      for starter in starters {
        guard let rules = starter.kept, !rules.contains(starter.rules) else { continue }
        let named = rules.isEmpty ? "no rules file" : rules.joined(separator: ", ")
        out += "kept \(StarterFiles.configName)'s \(starter.section) section (it names \(named); left unchanged)\n"
        namesOthers = true
      }
      var check = "flint check --strict"
      if namesOthers { check += " " + starters.map(\.rules).joined(separator: " ") }
      var test = "flint test \(StarterFiles.suiteName)"
      if outcome.storage { test += " \(StarterFiles.storageSuiteName)" }
      let inFolder = directory == "." ? "" : "cd \(directory) && "
      out += "next: \(inFolder)\(check) && \(test)\n"
      Output.out(out)
    }
  }
}
