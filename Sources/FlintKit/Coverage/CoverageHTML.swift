import RulesEngine
import RulesLanguage

/// Coverage as one self-contained HTML page (inline CSS and script, nothing fetched): a summary
/// table per rules file, then each file's source with a count gutter and coloured spans. An
/// `allow` keyword is green when granted and denied, yellow when only one, red when never
/// evaluated; a sub-expression is red when never evaluated, a condition underlined when never
/// true or never false; blocks never reached and functions never called are red. Every span's
/// `title` holds its counts (shown on hover); the script only writes each file's
/// "N places to cover" line. Everything from the rules and suites is escaped (`HTMLEscaper`).
package enum CoverageHTML {
  package static func render(_ coverage: SuiteCoverage) -> String {
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Flint rule coverage</title>
      <style>\(style)</style>
      </head>
      <body>
      <h1>Flint rule coverage</h1>
      <p class="legend"><span class="a-ok">allow granted and denied</span> <span class="a-part">only one of them</span> \
      <span class="a-never">never evaluated</span> <span class="x-notrue">never true</span> \
      <span class="x-nofalse">never false</span> <span class="x-proved">decided by query proofs</span> \
      Hover over the source for counts.</p>
      <table class="summary">
      <thead><tr><th>File</th><th>Allows granted and denied</th><th>Conditions true and false</th>\
      <th>Expressions evaluated</th><th>Match blocks reached</th><th>Functions called</th></tr></thead>
      <tbody>

      """
    for (index, file) in coverage.files.enumerated() {
      out += row("<a href=\"#file-\(index)\">\(HTMLEscaper.escape(file.path))</a>", file.summary)
    }
    out += "</tbody>\n<tfoot>\n" + row("Total", coverage.total) + "</tfoot>\n</table>\n"
    for (index, file) in coverage.files.enumerated() { out += section(file, index: index) }
    out += "<script>\(script)</script>\n</body>\n</html>\n"
    return out
  }

  private static func row(_ name: String, _ summary: CoverageSummary) -> String {
    func cell(_ part: Int, _ whole: Int) -> String {
      let percent = CoverageSummary.percentText(part, of: whole)
      let level = part == whole ? "full" : part == 0 ? "none" : "some"
      return "<td class=\"\(level)\" data-percent=\"\(percent.dropLast())\">\(part)/\(whole) (\(percent))</td>"
    }
    return "<tr><th>\(name)</th>" + cell(summary.allowsCovered, summary.allows)
      + cell(summary.conditionsCovered, summary.conditions)
      + cell(summary.expressionsEvaluated, summary.expressions) + cell(summary.matchesReached, summary.matches)
      + cell(summary.functionsCalled, summary.functions) + "</tr>\n"
  }

  private static func section(_ file: FileCoverage, index: Int) -> String {
    var out = "<section class=\"file\" id=\"file-\(index)\">\n<h2>\(HTMLEscaper.escape(file.path))</h2>\n"
    out += "<p class=\"file-summary\">\(HTMLEscaper.escape(file.summary.text))</p>\n<p class=\"todo\"></p>\n"
    out += "<table class=\"source\">\n"
    let counts = Dictionary(uniqueKeysWithValues: CoverageLines.counts(file).map { ($0.line, $0.count) })
    for (number, line) in CoverageHTMLSpans.lines(file).enumerated() {
      let count = counts[number + 1].map(String.init) ?? ""
      let run = counts[number + 1].map { $0 > 0 ? " class=\"run\"" : " class=\"zero\"" } ?? ""
      out += "<tr><td class=\"n\">\(number + 1)</td><td\(run)>\(count)</td><td class=\"s\">\(line)</td></tr>\n"
    }
    return out + "</table>\n</section>\n"
  }

  static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1f2328}\
    table.summary{border-collapse:collapse;margin-bottom:1em}\
    .summary th,.summary td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left}\
    .summary td.full{background:#dafbe1}.summary td.some{background:#fff8c5}.summary td.none{background:#ffebe9}\
    table.source{border-collapse:collapse;font:13px/1.45 ui-monospace,monospace}\
    .source td{padding:0 .5em;vertical-align:top}\
    .source td.n,.source td.run,.source td.zero,.source td:nth-child(2){text-align:right;color:#6e7781;user-select:none}\
    .source td.zero{color:#cf222e}.source td.s{white-space:pre}\
    .a-ok{background:#aceebb}.a-part{background:#fae17d}.a-never,.x-never,.m-never,.f-never{background:#ffcecb}\
    .x-notrue{text-decoration:underline wavy #bc4c00}.x-nofalse{text-decoration:underline wavy #8250df}\
    .x-proved{background:#eaeef2}.ctl{color:#cf222e;border:1px dotted #cf222e}\
    .legend span{padding:0 .3em;margin-right:.3em}.todo{font-weight:600}
    """

  static let script = """
    document.querySelectorAll("section.file").forEach(function(s){\
    var n=s.querySelectorAll(".a-part,.a-never,.x-never,.x-notrue,.x-nofalse,.m-never,.f-never").length;\
    s.querySelector(".todo").textContent=n==0?"Nothing left to cover.":n+(n==1?" place":" places")+" to cover.";});
    """
}
