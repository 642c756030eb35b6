import FlintKit
import SourceQueries

/// The paths `flint indexes` is given, sorted into workload files and source files: a folder
/// is walked for source files (`SourceFolderWalker`, which also says what it skipped as not the
/// app's own source), a file is a source file by its extension, otherwise a workload. A file
/// named on the command line is not skipped for its name or folder (the user chose it); the job
/// still skips it when its text shows it is a bundle or generated.
enum IndexInputs {
  struct Files {
    var workloads: [String] = []
    var sources: [String] = []
    var skipped: [SkippedSource] = []
  }

  static func classify(_ paths: [String], excludes: [String], readsAll: Bool) throws(UsageProblem) -> Files {
    var files = Files()
    let walker = SourceFolderWalker(excludes: excludes, readsAll: readsAll)
    for path in paths {
      if FileKind.isFolder(path) {
        do {
          let walk = try walker.walk(path)
          files.sources += walk.files
          files.skipped += walk.skipped
        } catch {
          throw UsageProblem(error.description)
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
