import FlintKit
import FlintTestSupport
import Foundation
import Testing

/// The one whole-file reader behind suites and the CLI: bytes as they are, and errors that
/// name the file and the system's reason.
@Suite struct FileBytesTests {
  @Test func readsAFileByteForByte() throws {
    let path = PackagePaths.url("Package.swift").path
    let bytes = try FileBytes.read(path)
    #expect(bytes == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(!bytes.isEmpty)
  }

  @Test func missingFilesAndFoldersAreNamedErrors() {
    do {
      _ = try FileBytes.read("/nonexistent/flint-file")
      Issue.record("a missing file read")
    } catch {
      #expect(error.message == "cannot read '/nonexistent/flint-file': No such file or directory")
    }
    do {
      _ = try FileBytes.read(PackagePaths.root.path)
      Issue.record("a folder read as a file")
    } catch {
      #expect(error.message == "cannot read '\(PackagePaths.root.path)': Is a directory")
    }
  }

  @Test func suiteFilesReportTheSameMessage() {
    do {
      _ = try SuiteFiles.read("/nonexistent/flint-file")
      Issue.record("a missing file read")
    } catch {
      #expect(error.description == "cannot read '/nonexistent/flint-file': No such file or directory")
    }
  }
}
