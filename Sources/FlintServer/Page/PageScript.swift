/// The script every panel shares: the token read from the URL's fragment, `api(path, body)`, the
/// rules editor (painting marks and diagnostics over the textarea, `goTo(line)`, checking as one
/// types), loading the project, the tabs, and the helpers the panels call (`verdictHTML`,
/// `markExplanation`, `parseJSONField`, `escapeHTML`). Each panel's own script runs after it.
enum PageScript {
  static let shared = #"""
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
      const { status, json } = await api("/api/check", { rules: rules.value, file: currentFile() });
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
      const names = [json.rules, ...json.storage, json.data, json.indexes].filter(Boolean).map((f) => f.path);
      $("files").textContent = json.directory + " · database " + json.database + " · " + names.join(", ");
      const shown = files.length ? files[current].path : null;
      files = (json.rules ? [Object.assign({ service: "firestore" }, json.rules)] : [])
        .concat(json.storage.map((f) => Object.assign({ service: "storage" }, f)));
      current = Math.max(0, files.findIndex((f) => f.path === shown));
      $("rulesFile").innerHTML = files.map((f, i) => '<option value="' + i + '">' + escapeHTML(f.path) + "</option>").join("");
      $("rulesFile").value = current;
      $("rulesFile").hidden = files.length < 2;
      $("rulesName").textContent = files.length === 0 ? "(no rules file)" : files.length === 1 ? files[0].path : "";
      rules.value = files.length ? files[current].text : "";
      for (const tab of document.querySelectorAll(".tabs button[data-service]")) {
        tab.hidden = !files.some((f) => f.service === tab.dataset.service);
      }
      $("suiteFiles").textContent = json.suites.length ? json.suites.join(", ") : "no suites in the project folder (flint serve --suites FILE)";
      clearMarks(); paint(); check();
    }
    $("reload").addEventListener("click", loadProject);

    // The project's rules files (the database's, then each bucket's): the editor shows one, and
    // keeps the others' edits while another is shown. A panel for one service shows its file.
    let files = [];
    let current = 0;
    function currentFile() { return files.length ? files[current].path : undefined; }
    function showFile(index) {
      if (index === current || !files[index]) return;
      files[current].text = rules.value;
      current = index;
      rules.value = files[index].text;
      $("rulesFile").value = index;
      rules.scrollTop = 0;
      clearMarks(); paint(); check();
    }
    function showService(service) { showFile(files.findIndex((f) => f.service === service)); }
    $("rulesFile").addEventListener("change", () => showFile(Number($("rulesFile").value)));

    for (const tab of document.querySelectorAll(".tabs button")) {
      tab.addEventListener("click", () => {
        if (tab.dataset.service) showService(tab.dataset.service);
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
    """#
}
