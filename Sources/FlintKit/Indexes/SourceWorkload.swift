import IndexAdvisor
import RulesLanguage
import SourceQueries

/// The queries of app source files as a workload: each resolved query (each variant of a
/// conditionally built one) is a workload query at its place in the source, weight 1. Files
/// whose text shows they are not the app's own source are skipped first (`AppSourceFilter`);
/// a query Firestore refuses is a finding at its place, never a stop.
package enum SourceWorkload {
  package struct Read: Sendable {
    package var queries: [WorkloadQuery] = []
    /// Files that are not UTF-8 text (one `notText` problem each, at the first bad byte).
    package var problems: [WorkloadProblem] = []
    /// Queries Firestore would refuse (the SDK throws at run time), with their place and the SDK's message.
    package var invalid: [InvalidSourceQuery] = []
    package var unresolved: [UnresolvedQuery] = []
    /// Files left unread because their content shows they are not the app's own source.
    package var skipped: [SkippedSource] = []
    package var extraction = SourceExtraction()
    /// The indexes in `queries` of those in code nothing calls (`SourceQuery.dead`).
    package var dead: Set<Int> = []
  }

  /// `readsAll`: read every file, bundles and generated code included (`--include-all`).
  package static func read(_ files: [(name: String, bytes: [UInt8])], readsAll: Bool = false) -> Read {
    var read = Read()
    var text: [(name: String, bytes: [UInt8])] = []
    for file in files {
      if !readsAll, let reason = AppSourceFilter.reason(content: file.bytes) {
        read.skipped.append(SkippedSource(path: file.name, reason: reason))
        continue
      }
      let decoded = SourceText.decode(file.bytes, name: file.name)
      if let problem = decoded.problem {
        let place = decoded.source.location(of: problem.range.start)
        read.problems.append(
          WorkloadProblem(
            file: file.name, line: place.line, column: place.column, message: problem.message, notText: true))
        continue
      }
      text.append(file)
    }
    read.extraction = SourceQueryReader.read(text)
    read.unresolved = read.extraction.unresolved
    for query in read.extraction.queries {
      switch query.prepared() {
      case .success(let normalized):
        if query.dead { read.dead.insert(read.queries.count) }
        read.queries.append(
          WorkloadQuery(file: query.place.file, line: query.place.line, text: query.dsl, weight: 1, query: normalized))
      case .failure(let error):
        let finding = InvalidSourceQuery(place: query.place, query: query.dsl, message: error.message)
        // Variants of one conditional query refused for the same reason are one finding.
        if !read.invalid.contains(finding) { read.invalid.append(finding) }
      }
    }
    return read
  }
}

/// A query found in source that Firestore refuses (two `array-contains` filters, a collection id
/// with a `/`): the SDK throws where it runs, so no index can serve it.
package struct InvalidSourceQuery: Hashable, Sendable {
  package var place: SourcePlace
  /// The query as Flint read it (DSL text).
  package var query: String
  /// The SDK's message.
  package var message: String
}
