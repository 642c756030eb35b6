/// One tab of `flint serve`'s page: a query's validity, rules proof with its fixes, results on the seed data and the index it
/// needs, with a button that adds it to the manifest (`POST /api/query`, `POST /api/indexes/add`).
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
      $("runQuery").addEventListener("click", async () => {
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
          for (const s of proof.suggestions) html += "<pre>fix: " + escapeHTML(s) + "</pre>";
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
        if (json.index) {
          const missing = json.index.missing.indexes.length + json.index.missing.fieldOverrides.length;
          html += "<pre>index: " + escapeHTML(json.index.kind) + (missing ? " — missing from " + (json.index.manifest || "the manifest") : json.index.servedBy ? " — served" : "") + "</pre>";
          if (missing && json.index.manifest) html += '<button class="small" id="addIndex">Add the index to ' + escapeHTML(json.index.manifest) + "</button>";
        }
        out.innerHTML = html;
        const add = $("addIndex");
        if (add) add.addEventListener("click", async () => {
          const result = await api("/api/indexes/add", { query });
          add.insertAdjacentHTML("afterend", result.status === 200 ? '<pre id="indexWritten">wrote ' + escapeHTML(result.json.written) + "</pre>" : '<div class="problem">' + escapeHTML(result.json.error || "") + "</div>");
          add.remove();
        });
      });
      """#)
}
