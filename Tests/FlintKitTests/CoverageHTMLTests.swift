import FlintKit
import Foundation
import Testing

/// The HTML coverage page: escaping of hostile source text, well-nested spans, and the page as
/// real headless Chromium renders it (after its inline script ran).
@Suite struct CoverageHTMLTests {
  static let hostileRules = """
    rules_version = '2';
    // </td></table><script>alert(1)</script> & "quotes" 'too' \u{1B}[31m \u{202E}evil\u{202C} \u{2066}x\u{2069}
    service cloud.firestore {
      match /databases/{database}/documents {
        match /notes/{id} {
          allow read: if resource.data.text == "<b>&amp;\\"</b>" || request.auth != null;
        }
      }
    }

    """

  static let hostileSuite = #"""
    {"rules": "<odd> & \"name\".rules", "cases": [
      {"name": "anyone", "request": {"method": "get", "path": "notes/a", "auth": {"uid": "a"}}, "expect": "allow"}
    ]}
    """#

  static func hostilePage() throws -> String {
    let suite = try TestRules.files(hostileSuite, more: ["<odd> & \"name\".rules": hostileRules]).load()
    var coverage = SuiteCoverage()
    coverage.record(suite, SuiteRunner().run(suite))
    return CoverageFormat.html.render(coverage)
  }

  @Test func escapesMarkupControlsAndBidiCharacters() throws {
    let page = try Self.hostilePage()
    #expect(!page.contains("<script>alert"))
    #expect(
      page.contains(
        "&lt;/td&gt;&lt;/table&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;too&#39;"))
    #expect(page.contains("&lt;odd&gt; &amp; &quot;name&quot;.rules"))
    for hidden: Unicode.Scalar in ["\u{1B}", "\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}"] {
      #expect(!page.unicodeScalars.contains(hidden))
    }
    #expect(page.contains(#"<span class="ctl">\u{202E}</span>evil"#))
    #expect(page.contains(#"<span class="ctl">\u{1B}</span>[31m"#))
    // One script element: the page's own.
    #expect(page.components(separatedBy: "<script>").count == 2)
  }

  @Test func spansAreBalancedOnEveryLine() throws {
    for page in [try Self.hostilePage(), CoverageFormat.html.render(try CoverageTests.coverage())] {
      for line in page.split(separator: "\n") where line.hasPrefix("<tr><td class=\"n\">") {
        let opened = line.components(separatedBy: "<span").count - 1
        let closed = line.components(separatedBy: "</span>").count - 1
        #expect(opened == closed, "\(line)")
      }
    }
  }

  @Test func coloursByOutcome() throws {
    let page = CoverageFormat.html.render(try CoverageTests.coverage())
    // isOwner granted and denied; the admin check never granted; `allow write: if false` is not
    // coverable: no colour, its title says why.
    #expect(page.contains(#"<span class="a-ok" title="allow: 1 granted, 2 denied">allow</span> read: if"#))
    #expect(
      page.contains(#"<span title="allow: if false (never evaluated): never grants, not counted">allow</span> write"#))
    #expect(page.contains(#"class="f-never" title="function never called">unused</span>"#))
    #expect(page.contains(#"class="x-nofalse""#) || page.contains(#"class="x-notrue""#))
  }

  @Test(
    .enabled(
      if: HeadlessChromium.path != nil || ProcessInfo.processInfo.environment["CI"] == "true",
      "chromium is not installed (make deps installs it; CI=true makes this a failure)"))
  func rendersInHeadlessChromium() throws {
    let chromium = try #require(HeadlessChromium.path, "CI=true: chromium must be installed (make deps)")
    let coverage = try CoverageTests.coverage()
    let page = CoverageFormat.html.render(coverage)
    let dom = try HeadlessChromium.dumpDOM(page)
    let total = coverage.total
    let percent = CoverageSummary.percentText(total.allowsCovered, of: total.allows)
    // The summary as rendered, and the inline script's per-file line (absent from the page's source).
    #expect(dom.contains("firestore.rules</a>"), "\(chromium) rendered: \(dom.prefix(2000))")
    #expect(dom.contains("places to cover."))
    #expect(!page.contains("places to cover."))
    #expect(
      dom.contains(
        "<tr><th>Total</th><td class=\"some\" data-percent=\"\(percent.dropLast())\">\(total.allowsCovered)/\(total.allows) (\(percent))</td>"
      ))
    // A hover count survives parsing as an attribute.
    #expect(dom.contains(#"title="allow: 1 granted, 2 denied""#))
  }
}

/// `chromium --headless --no-sandbox --dump-dom`: the DOM after the page's scripts ran.
enum HeadlessChromium {
  static let path: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for name in ["chromium", "chromium-browser"] {
      for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return "\(folder)/\(name)"
      }
    }
    return nil
  }()

  struct Timeout: Error {}

  /// Renders `html` from a temporary file, waiting at most `seconds`.
  static func dumpDOM(_ html: String, seconds: Double = 90) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flint-html-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("coverage.html")
    try html.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path ?? "chromium")
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--dump-dom", file.absoluteString,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    final class Collected: @unchecked Sendable { var data = Data() }
    let collected = Collected()
    let read = DispatchSemaphore(value: 0)
    try process.run()
    DispatchQueue.global().async {
      collected.data = output.fileHandleForReading.readDataToEndOfFile()
      read.signal()
    }
    if read.wait(timeout: .now() + seconds) == .timedOut {
      process.terminate()
      throw Timeout()
    }
    process.waitUntilExit()
    return String(decoding: collected.data, as: UTF8.self)
  }
}
