import ArgumentParser
import FlintKit

extension FlintCommand {
  /// `flint diff OLD NEW`: what a rules change allows that it did not before, with witnesses.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare two rulesets: the requests one allows and the other denies.",
      discussion: """
        For every match pattern and method (get, list, create, update, delete) of either ruleset, \
        asks the Z3 solver for a request that NEW allows and OLD denies (weaker), or the reverse \
        (stronger), both (changed), or neither. Every witness shown has been decided by Flint's \
        engine on both rulesets, and is written in the suite format (request and seed data) so \
        that it can be pasted into a suite. "same" is claimed only when both rulesets were \
        encoded exactly; otherwise "no difference found" and the approximated constructs are \
        listed. OLD and NEW are rules files, or git:REF:path for a committed version. A bound is \
        a ruleset too: 'flint diff BOUND RULES' fails when RULES allow anything BOUND does not. \
        Needs the Z3 library at run time (apt-get install libz3-4). Exit status: 0 NEW allows \
        nothing that OLD denies, 1 it does (new access), 2 usage or input problem (or no Z3).
        """
    )

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Argument(help: "The rules before the change (a file, or git:REF:path).")
    var old: String

    @Argument(help: "The rules after the change (a file, or git:REF:path).")
    var new: String

    func run() throws {
      let report: DiffReport
      do {
        report = try DiffJob.run(DiffJob.Input(old: DiffInput.read(old), new: DiffInput.read(new)))
      } catch {
        throw error.isRendered ? UsageProblem(printed: error.message) : UsageProblem(error.message)
      }
      switch format {
      case .text: Output.out(DiffRenderer.text(report))
      case .json: Output.out(DiffRenderer.json(report))
      }
      if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
  }
}
