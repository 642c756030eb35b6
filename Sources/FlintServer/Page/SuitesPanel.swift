/// One tab of `flint serve`'s page: the project's suites run on the rules in the editor, each case's verdict (`POST /api/suites`).
extension PagePanel {
  static let suites = PagePanel(
    id: "suites", title: "Suites", service: nil,
    markup: #"""
      <div class="muted" id="suiteFiles"></div>
      <button class="run" id="runSuites">Run suites</button>
      <div class="out" id="suitesOut"></div>
      """#,
    script: #"""
      $("runSuites").addEventListener("click", async () => {
        const out = $("suitesOut");
        out.innerHTML = '<span class="muted">running…</span>';
        const { status, json } = await api("/api/suites", { rules: rules.value, file: currentFile() });
        if (status !== 200) { out.innerHTML = '<div class="problem">' + escapeHTML(json.error || "") + "</div>"; return; }
        let html = '<div id="suitesSummary"><b>' + json.passed + " passed, " + json.failed + " failed</b></div>";
        for (const suite of json.suites) {
          html += '<h2 class="muted">' + escapeHTML(suite.file) + "</h2>";
          for (const c of suite.cases) {
            html += '<div class="case ' + (c.pass ? "pass" : "fail") + '">' + escapeHTML(c.name) +
              (c.pass ? "" : " — expected " + c.expect + ", got " + c.actual) + "</div>";
          }
        }
        for (const e of json.errors || []) html += '<div class="problem">' + escapeHTML(e.message || JSON.stringify(e)) + "</div>";
        out.innerHTML = html;
        if (json.coverage) drawCoverage(json.coverage);
      });

      // Each allow's line on the rules: green when the suites both granted and denied it (or
      // granted an unconditional one), amber when only one outcome was seen, red when no case
      // reached it; expressions no case evaluated are underlined.
      function drawCoverage(coverage) {
        clearMarks();
        for (const allow of coverage.allows) {
          if (!allow.coverable) continue;
          const seen = allow.granted + allow.denied + allow.errors;
          annotations.lines[allow.line] = allow.covered ? "cov-full" : seen > 0 ? "cov-part" : "cov-none";
        }
        for (const e of coverage.expressions) {
          if (e.true + e.false + e.error + e.value > 0) continue;
          const lines = e.text.split("\n");
          const last = Array.from(lines[lines.length - 1]).length;
          const endColumn = lines.length > 1 ? last + 1 : e.column + last;
          annotations.ranges.push({ line: e.line, column: e.column, endLine: e.line + lines.length - 1, endColumn, kind: "uncovered" });
        }
        paint();
        const gaps = coverage.allows.filter((a) => a.coverable && !a.covered).map((a) => a.line);
        if (gaps.length || coverage.allows.length) goTo(gaps.length ? gaps[0] : coverage.allows[0].line);
        const s = coverage.summary;
        $("suitesOut").insertAdjacentHTML("afterbegin", '<div id="coverageSummary">coverage of ' + escapeHTML(coverage.file) + ": " +
          s.allowsCovered + " of " + s.allows + " allows both granted and denied, " + s.expressionsEvaluated + " of " +
          s.expressions + ' expressions evaluated<br><span class="legend cov-full">both</span>' +
          '<span class="legend cov-part">one outcome</span><span class="legend cov-none">never reached</span></div>');
      }
      """#)
}
