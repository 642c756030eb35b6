import FlintKit
import FlintTestSupport

/// A suite reader for corpus files named relative to the package root, so that reports
/// name them as `Corpus/...` whatever the working folder of the test run.
enum PackageFiles {
  static let reader: SuiteLoader.Reader = { path throws(SuiteError) in
    try SuiteFiles.read(path.hasPrefix("/") ? path : PackagePaths.url(path).path)
  }

  static func load(_ path: String) throws(SuiteError) -> RuleSuite {
    var loader = SuiteLoader(reader: reader)
    return try loader.load(file: path)
  }
}
