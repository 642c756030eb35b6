/// The script every panel shares: the token read from the URL's fragment, `api(path, body)`, the
/// rules editor (Debian's CodeMirror, `EditorAssets`, with the rules language's highlighting;
/// painting marks and diagnostics on it, `goTo(line)`, checking as one types), loading the
/// project, the tabs, the helpers the panels call (`verdictHTML`, `markExplanation`,
/// `parseJSONField`, `escapeHTML`), and the live reload of the rules files when they change on
/// disk. Each panel's own script runs after it.
enum PageScript {
  static let shared = #"""
    "use strict";
    const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
    const $ = (id) => document.getElementById(id);
    // The rules editor: Debian's CodeMirror over the textarea (kept in step, so forms and tests
    // read it), with the rules language's highlighting. `rules.value` is its text for the panels.
    CodeMirror.defineSimpleMode("firebase-rules", {
      start: [
        { regex: /\/\/.*/, token: "comment" },
        { regex: /\/\*/, token: "comment", next: "comment" },
        { regex: /"(?:[^\\"]|\\.)*"?|'(?:[^\\']|\\.)*'?/, token: "string" },
        { regex: /\b(?:rules_version|service|match|allow|if|function|return|let)\b/, token: "keyword" },
        { regex: /\b(?:true|false|null)\b/, token: "atom" },
        { regex: /\b(?:in|is)\b/, token: "operator" },
        { regex: /\b(?:request|resource)\b/, token: "variable-2" },
        { regex: /\{[A-Za-z_][A-Za-z0-9_]*(?:=\*\*)?\}/, token: "variable-3" },
        { regex: /\d+(?:\.\d+)?/, token: "number" },
        { regex: /[-+*\/=<>!%&|?:]+/, token: "operator" },
        { regex: /[{[(]/, indent: true },
        { regex: /[}\])]/, dedent: true },
      ],
      comment: [{ regex: /.*?\*\//, token: "comment", next: "start" }, { regex: /.*/, token: "comment" }],
      meta: { lineComment: "//", blockCommentStart: "/*", blockCommentEnd: "*/", dontIndentStates: ["comment"] },
    });
    const editor = CodeMirror.fromTextArea($("rules"), {
      mode: "firebase-rules", lineNumbers: true, indentUnit: 2, tabSize: 2, matchBrackets: true,
      viewportMargin: Infinity, extraKeys: { Tab: (cm) => cm.execCommand("indentMore") },
    });
    window.flintEditor = editor;
    const rules = {
      get value() { return editor.getValue(); },
      set value(text) { editor.setValue(text); editor.clearHistory(); },
    };
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

    // A 1-based line and character column as CodeMirror's place (0-based line, UTF-16 offset).
    function place(line, column) {
      if (line < 1 || line > editor.lineCount()) return null;
      const chars = Array.from(editor.getLine(line - 1)).slice(0, Math.max(0, column - 1));
      return { line: line - 1, ch: chars.join("").length };
    }

    // Paints `annotations` on the editor: a class per line (`failing`, `granted`, `diag-error`,
    // `cov-full`, ...) on the line, the gutter's severity on its number, and each range
    // {line, column, endLine, endColumn, kind} (1-based characters) as a `mark-KIND` span.
    let painted = { markers: [], lines: [] };
    function paint() {
      editor.operation(() => {
        for (const marker of painted.markers) marker.clear();
        for (const [handle, where, cls] of painted.lines) editor.removeLineClass(handle, where, cls);
        painted = { markers: [], lines: [] };
        const add = (n, where, cls) => {
          if (n >= 1 && n <= editor.lineCount()) painted.lines.push([editor.addLineClass(n - 1, where, cls), where, cls]);
        };
        for (const [n, cls] of Object.entries(annotations.lines)) add(Number(n), "wrap", cls);
        for (const [n, severity] of Object.entries(annotations.gutter || {})) add(Number(n), "gutter", "gutter-" + severity);
        for (const r of annotations.ranges) {
          const from = place(r.line, r.column), to = place(r.endLine, r.endColumn);
          if (from && to) painted.markers.push(editor.markText(from, to, { className: "mark-" + r.kind }));
        }
      });
    }

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
      const top = editor.charCoords({ line: Math.max(0, line - 6), ch: 0 }, "local").top;
      editor.scrollTo(null, top);
    }

    let checkTimer = null;
    async function check() {
      const { status, json } = await api("/api/check", { rules: rules.value, file: currentFile() });
      if (status !== 200) { $("diags").innerHTML = '<div class="problem">' + escapeHTML(json.error || "") + "</div>"; return; }
      showDiagnostics(json.files.flatMap((f) => f.diagnostics));
    }
    editor.on("change", (_, change) => {
      editor.save();
      if (change.origin === "setValue") return;
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
      loadedFromDisk();
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
      editor.scrollTo(0, 0);
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

    // A single request's decision (`/api/request`, `/api/object`): the verdict, the request and
    // the time the call took, the summary, and each allow with its outcome and failing part.
    function decisionHTML(json, ms) {
      const decision = json.rules.explanation;
      let html = verdictHTML(decision.allowed ? "ALLOW" : "DENY") + '<span class="muted">' +
        escapeHTML(json.method + " /" + json.path) + " · " + ms + " ms</span>";
      html += "<pre>" + escapeHTML(decision.summary) + "</pre>";
      for (const allow of decision.allows) {
        let text = "line " + allow.line + " allow " + allow.methods.join(", ") + ": " + allow.outcome;
        if (allow.failure) text += "\n  failed at " + allow.failure.line + ":" + allow.failure.column + " " + allow.failure.text +
          (allow.failure.value !== undefined ? " = " + JSON.stringify(allow.failure.value) : "");
        if (allow.message) text += "\n  " + allow.message;
        html += '<pre class="allow-line" data-outcome="' + escapeHTML(allow.outcome) + '">' + escapeHTML(text) + "</pre>";
      }
      return html;
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

    // Live reload: about once a second the page asks for each rules file's fingerprint. A file
    // changed on disk is taken into the editor if it holds no edits of its own (its text is what
    // was loaded); else a notice offers to reload, and the page's edits stay until then.
    const diskNotice = document.createElement("div");
    diskNotice.id = "diskNotice";
    diskNotice.className = "problem";
    diskNotice.hidden = true;
    diskNotice.innerHTML = 'changed on disk — <button class="small" id="diskReload">Reload</button> (drops the edits made here)';
    $("diags").before(diskNotice);
    $("diskReload").addEventListener("click", loadProject);

    function loadedFromDisk() {
      for (const file of files) file.loaded = file.text;
      diskNotice.hidden = true;
    }
    function textOf(index) { return index === current ? rules.value : files[index].text; }

    async function watchDisk() {
      try {
        if (project && !document.hidden) {
          const { status, json } = await api("/api/project/version");
          if (status === 200) {
            const changed = files.map((f, i) => i).filter((i) => (json.files[files[i].path] || null) !== files[i].version);
            const edited = changed.filter((i) => textOf(i) !== files[i].loaded);
            const clean = changed.filter((i) => textOf(i) === files[i].loaded);
            if (clean.length) {
              const fresh = await api("/api/project");
              if (fresh.status === 200) {
                const onDisk = [fresh.json.rules, ...fresh.json.storage].filter(Boolean);
                for (const i of clean) {
                  const file = onDisk.find((f) => f.path === files[i].path);
                  files[i].version = file ? file.version : null;
                  files[i].text = files[i].loaded = file ? file.text : "";
                  if (i === current) { rules.value = files[i].text; clearMarks(); paint(); check(); }
                }
              }
            }
            diskNotice.hidden = edited.length === 0;
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
