import IndexAdvisor
import SourceQueries

/// The queries of app source files as a workload: each resolved query (each variant of a
/// conditionally built one) is a workload query at its place in the source, weight 1.
package enum SourceWorkload {
  package struct Read: Sendable {
    package var queries: [WorkloadQuery] = []
    /// Queries Firestore would refuse (the SDK throws at run time), with their place.
    package var problems: [WorkloadProblem] = []
    package var unresolved: [UnresolvedQuery] = []
    package var extraction = SourceExtraction()
  }

  package static func read(_ files: [(name: String, bytes: [UInt8])]) -> Read {
    var read = Read()
    read.extraction = SourceQueryReader.read(files)
    read.unresolved = read.extraction.unresolved
    for query in read.extraction.queries {
      switch query.prepared() {
      case .success(let normalized):
        read.queries.append(
          WorkloadQuery(file: query.place.file, line: query.place.line, text: query.dsl, weight: 1, query: normalized))
      case .failure(let error):
        read.problems.append(
          WorkloadProblem(
            file: query.place.file, line: query.place.line, column: query.place.column, message: error.message))
      }
    }
    return read
  }
}

/// The paths `flint indexes` is given, sorted into workload files and source files: a folder
/// is walked for source files, a file is a source file by its extension, otherwise a workload.
package enum IndexInputs {
  package struct Files: Sendable {
    package var workloads: [String] = []
    package var sources: [String] = []
  }

  package static func classify(_ paths: [String], excludes: [String]) throws(FileReadError) -> Files {
    var files = Files()
    let walker = SourceFolderWalker(excludes: excludes)
    for path in paths {
      if FileKind.isFolder(path) {
        do {
          files.sources += try walker.files(in: path)
        } catch {
          throw FileReadError(error.description)
        }
      } else if SourceLanguage(fileName: path) != nil {
        if !walker.excludes(file: path) { files.sources.append(path) }
      } else {
        files.workloads.append(path)
      }
    }
    return files
  }
}
