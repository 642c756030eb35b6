import RulesEngine
import RulesLanguage

/// Why `flint diff` cannot compare: an unreadable side, rules with errors, no Z3. Exit status 2.
package struct DiffProblem: Error, Sendable, CustomStringConvertible {
  /// The text to print on stderr.
  package var message: String
  /// Whether `message` carries its own places (rendered diagnostics) and is printed as is.
  package var isRendered: Bool

  package init(_ message: String, isRendered: Bool = false) {
    self.message = message
    self.isRendered = isRendered
  }

  package var description: String { message }
}

/// One side of a diff: a rules file, or `git:REF:path` (that file as committed in REF, read with
/// `git show REF:path` from the current folder).
package enum DiffInput {
  /// The compiled ruleset, or the problem (rules with errors come with their diagnostics).
  package static func ruleset(name: String, bytes: [UInt8]) throws(DiffProblem) -> Ruleset {
    let decoded = SourceText.decode(FileBytes.withoutByteOrderMark(bytes), name: name)
    if let problem = decoded.problem {
      throw DiffProblem(DiagnosticRenderer.text([problem], in: decoded.source), isRendered: true)
    }
    let (ruleset, diagnostics) = Ruleset.compile(decoded.source)
    guard let ruleset else {
      let errors = diagnostics.filter { $0.severity == .error }
      throw DiffProblem(DiagnosticRenderer.text(errors, in: decoded.source), isRendered: true)
    }
    return ruleset
  }

  /// The name and bytes of the rules `argument` names: a file, or `git:REF:path`.
  package static func read(_ argument: String) throws(DiffProblem) -> (name: String, bytes: [UInt8]) {
    guard argument.hasPrefix("git:") else {
      do {
        return (argument, try FileBytes.read(argument))
      } catch {
        throw DiffProblem(error.message)
      }
    }
    let spec = String(argument.dropFirst(4))
    guard let colon = spec.firstIndex(of: ":"), colon != spec.startIndex, spec.index(after: colon) != spec.endIndex
    else { throw DiffProblem("'\(argument)' is not git:REF:path (for example git:HEAD:firestore.rules)") }
    if let problem = CommittedFile.refProblem(String(spec[..<colon])) { throw DiffProblem(problem) }
    return (argument, try gitShow(spec))
  }

  /// `git show REF:path`'s output, or its error message.
  private static func gitShow(_ spec: String) throws(DiffProblem) -> [UInt8] {
    let finished: ChildProcess.Finished
    do {
      finished = try ChildProcess.run(["git", "show", spec], limit: FileBytes.maxSize)
    } catch {
      throw DiffProblem("cannot run git to read '\(spec)': \(error.reason)")
    }
    guard finished.output.count <= FileBytes.maxSize else { throw DiffProblem("'git:\(spec)' is larger than 256 MiB") }
    guard finished.status == 0 else {
      let reason = String(decoding: finished.errors, as: UTF8.self).trimmed()
      throw DiffProblem("cannot read 'git:\(spec)': \(reason.isEmpty ? "git show failed" : reason)")
    }
    return finished.output
  }
}
