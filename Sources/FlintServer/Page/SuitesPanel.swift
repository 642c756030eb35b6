/// One tab of `flint serve`'s page: the project's suites run on the rules in the editor, each case's verdict (`POST /api/suites`).
extension PagePanel {
  static let suites = PagePanel(
    id: "suites", title: "Suites",
    markup: #"""
      <div class="muted" id="suiteFiles"></div>
      <button class="run" id="runSuites">Run suites</button>
      <div class="out" id="suitesOut"></div>
      """#,
    script: #"""
      $("runSuites").addEventListener("click", async () => {
        const out = $("suitesOut");
        out.innerHTML = '<span class="muted">running…</span>';
        const { status, json } = await api("/api/suites", { rules: rules.value });
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
      });
      """#)
}
