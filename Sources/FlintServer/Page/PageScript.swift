/// The script every panel shares: the token read from the URL's fragment, `api(path, body)`, the
/// rules editor (painting marks and diagnostics over the textarea, `goTo(line)`, checking as one
/// types), loading the project, the tabs, the helpers the panels call (`verdictHTML`,
/// `markExplanation`, `parseJSONField`, `escapeHTML`), and the live reload of the rules when their
/// file changes on disk. Each panel's own script runs after it.
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
      loadedFromDisk(json.rules);
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

    // Live reload: about once a second the page asks for the rules file's fingerprint. When it
    // changed on disk, the editor takes the new text if it holds no edits of its own (its text is
    // what was loaded); else a notice offers to reload, and the page's edits stay until then.
    let diskVersion = null, loadedText = null;
    const diskNotice = document.createElement("div");
    diskNotice.id = "diskNotice";
    diskNotice.className = "problem";
    diskNotice.hidden = true;
    diskNotice.innerHTML = 'changed on disk — <button class="small" id="diskReload">Reload</button> (drops the edits made here)';
    $("diags").before(diskNotice);
    $("diskReload").addEventListener("click", loadProject);

    function loadedFromDisk(file) {
      diskVersion = file ? file.version : null;
      loadedText = rules.value;
      diskNotice.hidden = true;
    }

    async function watchDisk() {
      try {
        if (project && !document.hidden) {
          const { status, json } = await api("/api/project/version");
          if (status === 200) {
            const changed = json.rules !== diskVersion;
            if (changed && rules.value === loadedText) await loadProject();
            else diskNotice.hidden = !changed;
          }
        }
      } catch (e) {
        // The server is gone or busy: ask again later.
      }
      setTimeout(watchDisk, 1000);
    }
    setTimeout(watchDisk, 1000);
    """#
}
