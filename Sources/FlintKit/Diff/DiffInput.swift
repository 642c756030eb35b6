import Foundation
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
  /// The compiled ruleset `argument` names, or the problem (rules with errors come with their diagnostics).
  package static func ruleset(_ argument: String) throws(DiffProblem) -> Ruleset {
    let (name, bytes) = try read(argument)
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

  private static func read(_ argument: String) throws(DiffProblem) -> (String, [UInt8]) {
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
    return (argument, try gitShow(spec))
  }

  /// `git show REF:path`'s output, or its error message.
  private static func gitShow(_ spec: String) throws(DiffProblem) -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "show", spec]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw DiffProblem("cannot run git to read '\(spec)': \(error.localizedDescription)")
    }
    // Read both pipes before waiting, so a large file cannot fill a pipe and stall git.
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let reason = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw DiffProblem("cannot read 'git:\(spec)': \(reason.isEmpty ? "git show failed" : reason)")
    }
    guard bytes.count <= FileBytes.maxSize else { throw DiffProblem("'git:\(spec)' is larger than 256 MiB") }
    return [UInt8](bytes)
  }
}
