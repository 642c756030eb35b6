/// One tab of `flint serve`'s page: a query's validity, rules proof with its fixes (each one the server proved
/// allowed with an Apply button that rewrites the query and runs it again), results on the seed data, Query Explain's
/// figures and the index it needs, with a button that adds it to the manifest (`POST /api/query`,
/// `POST /api/indexes/add`).
extension PagePanel {
  static let query = PagePanel(
    id: "query", title: "Query", service: "firestore",
    markup: #"""
      <label for="query">query (DSL, or pasted as the app writes it)</label>
      <textarea class="json" id="query">collection("clubs").where("owner", "==", auth.uid).orderBy("createdAt", "desc")</textarea>
      <label for="queryAuth">auth</label>
      <input id="queryAuth" value='{"uid": "alice"}'>
      <button class="run" id="runQuery">Run query</button>
      <div class="out" id="queryOut"></div>
      """#,
    script: #"""
      async function runQuery() {
        const out = $("queryOut");
        const auth = parseJSONField("queryAuth", { value: null });
        if (auth.error) { out.innerHTML = '<div class="problem">' + escapeHTML(auth.error) + "</div>"; return; }
        const query = $("query").value;
        const { status, json } = await api("/api/query", { query, auth: auth.value, rules: rules.value });
        if (status !== 200) { out.innerHTML = '<div class="problem">' + escapeHTML(json.error || "") + "</div>"; if (json.diagnostics) showDiagnostics(json.diagnostics); return; }
        if (!json.valid) { out.innerHTML = verdictHTML("INVALID") + "<pre>" + escapeHTML(json.error || "") + "</pre>"; return; }
        let html = json.rules ? verdictHTML(json.rules.decision === "allow" ? "ALLOW" : "DENY") : "";
        if (json.rules) {
          const proof = json.rules.explanation;
          html += "<pre>" + escapeHTML(proof.summary) + "</pre>";
          html += fixesHTML(json.fixes || [], proof.suggestions);
          clearMarks();
          for (const branch of proof.branches) for (const allow of branch.allows) {
            if (allow.outcome === "granted") annotations.lines[allow.line] = "granted";
            for (const o of allow.obstacles) {
              annotations.ranges.push({ line: o.range.start.line, column: o.range.start.column, endLine: o.range.end.line, endColumn: o.range.end.column, kind: "failing" });
              annotations.lines[o.range.start.line] = "failing";
            }
          }
          paint();
        }
        html += "<pre>results: " + json.results.length + " · reads: " + json.reads + "</pre>";
        for (const r of json.results) html += "<pre>" + escapeHTML(r.path + " " + JSON.stringify(r.data)) + "</pre>";
        if (json.explain) html += explainHTML(json.explain, json.rules && json.rules.decision !== "allow");
        if (json.manifestProblem) html += '<div class="problem" id="manifestProblem">the index manifest cannot be read, so the query runs without it: ' + escapeHTML(json.manifestProblem) + "</div>";
        if (json.index) {
          const missing = json.index.missing.indexes.length + json.index.missing.fieldOverrides.length;
          html += "<pre>index: " + escapeHTML(json.index.kind) + (missing ? " — missing from " + (json.index.manifest || "the manifest") : json.index.servedBy ? " — served" : "") + "</pre>";
          if (missing && json.index.manifest) html += '<button class="small" id="addIndex">Add the index to ' + escapeHTML(json.index.manifest) + "</button>";
        }
        out.innerHTML = html;
        for (const button of out.querySelectorAll("button.applyFix")) {
          button.addEventListener("click", () => { $("query").value = json.fixes[Number(button.dataset.fix)].query; runQuery(); });
        }
        const add = $("addIndex");
        if (add) add.addEventListener("click", async () => {
          const result = await api("/api/indexes/add", { query });
          add.insertAdjacentHTML("afterend", result.status === 200 ? '<pre id="indexWritten">wrote ' + escapeHTML(result.json.written) + "</pre>" : '<div class="problem">' + escapeHTML(result.json.error || "") + "</div>");
          add.remove();
        });
      }
      $("runQuery").addEventListener("click", runQuery);

      // Each alternative of the fix (steps added together): Apply when the server proved the
      // rewritten query allowed, else why not; the bare suggestions when none was rewritten.
      function fixesHTML(fixes, suggestions) {
        if (fixes.length === 0) return suggestions.map((s) => "<pre>fix: " + escapeHTML(s) + "</pre>").join("");
        return fixes.map((fix, i) => '<div class="fix"><code>fix: add ' + escapeHTML(fix.add.join("")) + "</code> " +
          (fix.allowed ? '<button class="small applyFix" data-fix="' + i + '" title="' + escapeHTML(fix.query) + '">Apply</button>'
            : '<span class="muted">' + (fix.query ? "(the rules still deny the query with it)" : "(cannot be written into this query)") + "</span>") +
          "</div>").join("");
      }

      // Query Explain on the seed data: the index used, entries and documents scanned, reads billed.
      function explainHTML(explain, denied) {
        const metrics = explain.explainMetrics, stats = metrics.executionStats;
        const missing = explain.missingIndexes || [];
        let text = "index used: " + metrics.planSummary.indexesUsed.map((u) => u.properties + " " + u.query_scope +
          (missing.includes(u.properties) ? " (missing)" : "")).join(", ");
        if (stats) text += "\nindex entries scanned: " + stats.debugStats.index_entries_scanned +
          " · documents scanned: " + stats.debugStats.documents_scanned + " · reads billed: " + stats.readOperations +
          " · results: " + stats.resultsReturned;
        return '<div id="queryExplain"><b>Query Explain</b>' + (denied ? ' <span class="muted">(runs without the rules)</span>' : "") +
          "<pre>" + escapeHTML(text) + "</pre></div>";
      }
      """#)
}
