/// The page `flint serve` serves at `/`: HTML, CSS and script in one text, with nothing fetched
/// from the network (the server's Content-Security-Policy allows only calls back to itself). It
/// reads the run's token from its URL's fragment (`#token=...`, never sent to a server) and calls
/// the JSON API with it. The rules editor is a textarea over a layer that paints the marks
/// (diagnostics by line, the failing sub-expression, the granting allow) at the same positions.
enum PlaygroundPage {
  static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>flint serve</title>
    <style>
    :root { --mono: ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace; --line: 18px; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.4 system-ui, "DejaVu Sans", sans-serif; color: #1d2330; background: #f4f5f7; }
    header { display: flex; align-items: baseline; gap: 16px; padding: 10px 16px; background: #1d2330; color: #fff; }
    header h1 { font-size: 16px; margin: 0; }
    header .files { font-family: var(--mono); font-size: 12px; opacity: .8; }
    main { display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); gap: 12px; padding: 12px; }
    section.card { background: #fff; border: 1px solid #d8dbe2; border-radius: 6px; padding: 10px 12px; min-width: 0; }
    h2 { font-size: 14px; margin: 0 0 8px; display: flex; gap: 8px; align-items: center; }
    h2 .spacer { flex: 1; }
    .editor { position: relative; display: flex; height: 560px; border: 1px solid #c9cdd6; border-radius: 4px;
      font: 12.5px/var(--line) var(--mono); overflow: hidden; background: #fff; }
    .gutter { margin: 0; padding: 6px 6px 6px 4px; min-width: 42px; text-align: right; color: #8a91a0; background: #f0f1f4;
      border-right: 1px solid #dde0e6; overflow: hidden; user-select: none; white-space: pre; font: inherit; }
    .gutter span { display: block; height: var(--line); }
    .gutter span.error { color: #fff; background: #c62828; }
    .gutter span.warning { color: #000; background: #f9c74f; }
    .stack { position: relative; flex: 1; min-width: 0; }
    .stack pre, .stack textarea { position: absolute; inset: 0; margin: 0; padding: 6px 8px; font: inherit; white-space: pre;
      overflow: auto; tab-size: 2; border: 0; }
    .stack pre { color: transparent; pointer-events: none; }
    .stack pre .line { display: block; height: var(--line); }
    .stack pre .line.failing { background: #ffe1e1; }
    .stack pre .line.granted { background: #dcf5e3; }
    .stack pre .line.diag-error { background: #fdecec; }
    .stack pre .line.diag-warning { background: #fff6da; }
    .stack pre mark { color: transparent; background: #ff9d9d; border-radius: 2px; }
    .stack pre mark.granted { background: #8fe0a6; }
    .stack textarea { background: transparent; color: #1d2330; resize: none; outline: none; caret-color: #000; }
    .tabs { display: flex; gap: 4px; margin-bottom: 10px; }
    .tabs button { border: 1px solid #c9cdd6; background: #f0f1f4; padding: 5px 12px; border-radius: 4px; cursor: pointer; }
    .tabs button.active { background: #1d2330; color: #fff; border-color: #1d2330; }
    .panel { display: none; }
    .panel.active { display: block; }
    label { display: block; font-size: 12px; color: #4a5161; margin: 8px 0 3px; }
    input, select, textarea.json { font: 12.5px var(--mono); width: 100%; padding: 5px 6px; border: 1px solid #c9cdd6; border-radius: 4px; }
    textarea.json { height: 74px; resize: vertical; }
    .row { display: flex; gap: 8px; }
    .row > * { flex: 1; }
    .row > select { flex: 0 0 110px; }
    button.run { margin-top: 10px; padding: 6px 16px; border: 0; border-radius: 4px; background: #2f6fdf; color: #fff; cursor: pointer; }
    button.small { padding: 3px 10px; border: 1px solid #c9cdd6; background: #fff; border-radius: 4px; cursor: pointer; font-size: 12px; }
    .verdict { display: inline-block; font-weight: 700; padding: 2px 10px; border-radius: 4px; color: #fff; margin-right: 8px; }
    .verdict.allow { background: #1f8a44; }
    .verdict.deny { background: #c62828; }
    .verdict.other { background: #6b7280; }
    .out { margin-top: 10px; font-size: 13px; }
    .out pre, .diags { font: 12px/1.45 var(--mono); white-space: pre-wrap; word-break: break-word; margin: 6px 0; }
    .diags { max-height: 120px; overflow: auto; margin-top: 6px; }
    .diags div { cursor: pointer; }
    .diags .error { color: #b71c1c; }
    .diags .warning { color: #8a5a00; }
    .diags .note { color: #4a5161; }
    .case { font: 12px/1.5 var(--mono); }
    .case.pass::before { content: "✓ "; color: #1f8a44; }
    .case.fail::before { content: "✗ "; color: #c62828; }
    .case.fail { color: #b71c1c; }
    .muted { color: #6b7280; }
    .problem { color: #b71c1c; white-space: pre-wrap; font: 12px var(--mono); }
    </style>
    </head>
    <body>
    <header><h1>flint serve</h1><span class="files" id="files">loading…</span></header>
    <main>
    <section class="card">
      <h2>Rules <span class="muted" id="rulesName"></span><span class="spacer"></span>
        <button class="small" id="reload" title="Read the rules file from disk again">Reload from disk</button>
        <button class="small" id="check">Check</button></h2>
      <div class="editor">
        <pre class="gutter" id="gutter"></pre>
        <div class="stack"><pre id="marks" aria-hidden="true"></pre>
          <textarea id="rules" spellcheck="false" autocomplete="off" wrap="off" aria-label="rules"></textarea></div>
      </div>
      <div class="diags" id="diags"></div>
    </section>
    <section class="card">
      <div class="tabs">
        <button data-panel="request" class="active">Request</button>
        <button data-panel="suites">Suites</button>
        <button data-panel="query">Query</button>
      </div>
      <div class="panel active" id="panel-request">
        <div class="row">
          <select id="method" aria-label="method"><option>get</option><option>create</option><option>update</option>
            <option>set</option><option>delete</option></select>
          <input id="path" aria-label="path" value="clubs/poetry">
        </div>
        <label for="auth">auth (JSON; null signs out)</label>
        <textarea class="json" id="auth">{"uid": "alice"}</textarea>
        <label for="data">data written (JSON; create and set: the document, update: the fields)</label>
        <textarea class="json" id="data"></textarea>
        <label for="time">request.time (RFC 3339; empty: 1970-01-01T00:00:00Z)</label>
        <input id="time" placeholder="2024-05-01T12:00:00Z">
        <button class="run" id="runRequest">Run request</button>
        <div class="out" id="requestOut"></div>
      </div>
      <div class="panel" id="panel-suites">
        <div class="muted" id="suiteFiles"></div>
        <button class="run" id="runSuites">Run suites</button>
        <div class="out" id="suitesOut"></div>
      </div>
      <div class="panel" id="panel-query">
        <label for="query">query (DSL, or pasted as the app writes it)</label>
        <textarea class="json" id="query">collection("clubs").where("owner", "==", auth.uid).orderBy("createdAt", "desc")</textarea>
        <label for="queryAuth">auth</label>
        <input id="queryAuth" value='{"uid": "alice"}'>
        <button class="run" id="runQuery">Run query</button>
        <div class="out" id="queryOut"></div>
      </div>
    </section>
    </main>
    <script>
    "use strict";
    const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
    const $ = (id) => document.getElementById(id);
    const rules = $("rules"), marks = $("marks"), gutter = $("gutter");
    let project = null;
    let annotations = { lines: {}, ranges: [] };

    async function api(path, body) {
      const options = { method: body === undefined ? "GET" : "POST", headers: { "X-Flint-Token": token } };
      if (body !== undefined) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(body); }
      const response = await fetch(path, options);
      let json;
      try { json = await response.json(); } catch (e) { json = { error: "not JSON (" + response.status + ")" }; }
      return { status: response.status, json };
    }

    function escapeHTML(text) {
      return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
    }

    // Columns are 1-based characters; a range is {line, column, endLine, endColumn, kind}.
    function paint() {
      const lines = rules.value.split("\n");
      gutter.innerHTML = lines.map((_, i) => {
        const cls = annotations.gutter && annotations.gutter[i + 1] ? ' class="' + annotations.gutter[i + 1] + '"' : "";
        return "<span" + cls + ">" + (i + 1) + "</span>";
      }).join("");
      marks.innerHTML = lines.map((text, i) => {
        const n = i + 1;
        const chars = Array.from(text);
        let html = "";
        const spans = annotations.ranges.filter((r) => r.line <= n && r.endLine >= n);
        const inside = (c) => spans.find((r) => (n > r.line || c >= r.column) && (n < r.endLine || c < r.endColumn));
        for (let c = 1; c <= chars.length; c++) {
          const span = inside(c);
          const ch = escapeHTML(chars[c - 1]);
          html += span ? '<mark class="' + span.kind + '">' + ch + "</mark>" : ch;
        }
        const cls = annotations.lines[n] ? " " + annotations.lines[n] : "";
        return '<span class="line' + cls + '" data-line="' + n + '">' + (html || " ") + "</span>";
      }).join("");
      syncScroll();
    }
    function syncScroll() { marks.scrollTop = rules.scrollTop; marks.scrollLeft = rules.scrollLeft; gutter.scrollTop = rules.scrollTop; }
    rules.addEventListener("scroll", syncScroll);

    function clearMarks() { annotations = { lines: {}, ranges: [], gutter: annotations.gutter || {} }; }

    function showDiagnostics(diagnostics) {
      const box = $("diags");
      annotations.gutter = {};
      for (const key of Object.keys(annotations.lines)) if (annotations.lines[key].startsWith("diag-")) delete annotations.lines[key];
      box.innerHTML = "";
      for (const d of diagnostics) {
        const line = document.createElement("div");
        line.className = d.severity;
        line.textContent = d.line + ":" + d.column + ": " + d.severity + ": " + d.message + " [" + d.code + "]";
        line.addEventListener("click", () => goTo(d.line));
        box.appendChild(line);
        if (d.severity === "error" || d.severity === "warning") {
          annotations.gutter[d.line] = annotations.gutter[d.line] === "error" ? "error" : d.severity;
          if (!annotations.lines[d.line]) annotations.lines[d.line] = "diag-" + d.severity;
        }
      }
      if (diagnostics.length === 0) box.innerHTML = '<div class="muted">no problems</div>';
      paint();
    }

    function goTo(line) {
      const height = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--line")) || 18;
      rules.scrollTop = Math.max(0, (line - 6) * height);
      syncScroll();
    }

    let checkTimer = null;
    async function check() {
      const { status, json } = await api("/api/check", { rules: rules.value });
      if (status !== 200) { $("diags").innerHTML = '<div class="problem">' + escapeHTML(json.error || "") + "</div>"; return; }
      showDiagnostics(json.files.flatMap((f) => f.diagnostics));
    }
    rules.addEventListener("input", () => {
      clearMarks(); paint();
      clearTimeout(checkTimer); checkTimer = setTimeout(check, 250);
    });
    $("check").addEventListener("click", check);

    async function loadProject() {
      const { status, json } = await api("/api/project");
      if (status !== 200) { $("files").textContent = json.error || "cannot read the project"; return; }
      project = json;
      const names = [json.rules, json.data, json.indexes].filter(Boolean).map((f) => f.path);
      $("files").textContent = json.directory + " · database " + json.database + " · " + names.join(", ");
      $("rulesName").textContent = json.rules ? json.rules.path : "(no rules file)";
      rules.value = json.rules ? json.rules.text : "";
      $("suiteFiles").textContent = json.suites.length ? json.suites.join(", ") : "no suites in the project folder (flint serve --suites FILE)";
      clearMarks(); paint(); check();
    }
    $("reload").addEventListener("click", loadProject);

    for (const tab of document.querySelectorAll(".tabs button")) {
      tab.addEventListener("click", () => {
        for (const other of document.querySelectorAll(".tabs button")) other.classList.toggle("active", other === tab);
        for (const panel of document.querySelectorAll(".panel")) panel.classList.toggle("active", panel.id === "panel-" + tab.dataset.panel);
      });
    }

    function parseJSONField(id, fallback) {
      const text = $(id).value.trim();
      if (text === "") return fallback;
      try { return { value: JSON.parse(text) }; } catch (e) { return { error: id + " is not JSON: " + e.message }; }
    }

    function verdictHTML(word) {
      const cls = word === "ALLOW" ? "allow" : word === "DENY" ? "deny" : "other";
      return '<span class="verdict ' + cls + '" id="verdict">' + word + "</span>";
    }

    // Marks the granting allow (allowed) or each allow's failing sub-expression (denied).
    function markExplanation(explanation) {
      clearMarks();
      let first = null;
      for (const allow of explanation.allows || []) {
        if (allow.outcome === "granted") {
          annotations.lines[allow.line] = "granted";
          if (allow.expression) annotations.ranges.push({ line: allow.expression.line, column: allow.expression.column,
            endLine: allow.expression.endLine, endColumn: allow.expression.endColumn, kind: "granted" });
          first = first || allow.line;
        } else if (allow.failure) {
          for (let n = allow.failure.line; n <= allow.failure.endLine; n++) annotations.lines[n] = "failing";
          annotations.ranges.push(Object.assign({ kind: "failing" }, allow.failure));
          first = first || allow.failure.line;
        }
      }
      paint();
      if (first) goTo(first);
    }

    $("runRequest").addEventListener("click", async () => {
      const out = $("requestOut");
      const auth = parseJSONField("auth", { value: null });
      const data = parseJSONField("data", { value: undefined });
      if (auth.error || data.error) { out.innerHTML = '<div class="problem">' + escapeHTML(auth.error || data.error) + "</div>"; return; }
      const body = { method: $("method").value, path: $("path").value.trim(), auth: auth.value, rules: rules.value };
      if (data.value !== undefined) body.data = data.value;
      if ($("time").value.trim()) body.time = $("time").value.trim();
      const started = performance.now();
      const { status, json } = await api("/api/request", body);
      const ms = (performance.now() - started).toFixed(1);
      if (status !== 200) {
        out.innerHTML = verdictHTML("ERROR") + '<div class="problem">' + escapeHTML(json.error || "") + "</div>";
        if (json.diagnostics) showDiagnostics(json.diagnostics);
        return;
      }
      if (json.refused) { out.innerHTML = verdictHTML(json.refused) + "<pre>" + escapeHTML(json.message) + "</pre>"; clearMarks(); paint(); return; }
      const decision = json.rules.explanation;
      let html = verdictHTML(decision.allowed ? "ALLOW" : "DENY") + '<span class="muted">' + escapeHTML(json.method + " /" + json.path) + " · " + ms + " ms</span>";
      html += "<pre>" + escapeHTML(decision.summary) + "</pre>";
      for (const allow of decision.allows) {
        let text = "line " + allow.line + " allow " + allow.methods.join(", ") + ": " + allow.outcome;
        if (allow.failure) text += "\n  failed at " + allow.failure.line + ":" + allow.failure.column + " " + allow.failure.text +
          (allow.failure.value !== undefined ? " = " + JSON.stringify(allow.failure.value) : "");
        if (allow.message) text += "\n  " + allow.message;
        html += '<pre class="allow-line" data-outcome="' + escapeHTML(allow.outcome) + '">' + escapeHTML(text) + "</pre>";
      }
      if (json.document !== undefined) html += "<pre>" + escapeHTML(json.document ? JSON.stringify(json.document.data) : "the document does not exist") + "</pre>";
      out.innerHTML = html;
      markExplanation(decision);
    });

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

    loadProject();
    </script>
    </body>
    </html>
    """#
}
