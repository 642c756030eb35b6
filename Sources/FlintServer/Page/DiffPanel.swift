/// One tab of `flint serve`'s page: the rules in the editor against the project's rules file as
/// committed in a git revision (`POST /api/diff`): each match and method that newly allows or
/// denies, with the witness the engine confirmed and a button that loads it into the Request
/// panel (method, path, auth, data, time and the witness's stored documents), then the unchanged
/// ones and the constructs the solver approximated.
extension PagePanel {
  static let diff = PagePanel(
    id: "diff", title: "Diff", service: "firestore",
    markup: #"""
      <label for="diffRef">the rules in the editor against the rules file as committed in (a git revision)</label>
      <input id="diffRef" value="HEAD" spellcheck="false" autocomplete="off">
      <button class="run" id="runDiff">Run diff</button>
      <div class="out" id="diffOut"></div>
      """#,
    script: #"""
      function diffWitnessHTML(witness, button) {
        const r = witness.request;
        let text = (witness.allowedBy === "new" ? "newly allowed" : "newly denied") + ": " + r.method + " /" + r.path;
        text += "\n  auth: " + (r.auth ? JSON.stringify(r.auth) : "signed out");
        text += "\n  time: " + r.time;
        if (r.data !== undefined) text += "\n  data: " + JSON.stringify(r.data);
        const stored = Object.keys(witness.data || {});
        text += "\n  stored: " + (stored.length ? JSON.stringify(witness.data) : "no documents");
        let html = '<pre class="witness" data-allowed-by="' + escapeHTML(witness.allowedBy) + '">' + escapeHTML(text) + "</pre>";
        if (witness.load) html += '<button class="small load-witness" data-load="' + button + '">Load in request panel</button>';
        else html += '<div class="muted">' + escapeHTML(witness.loadProblem || "") + "</div>";
        return html;
      }

      function loadWitness(load) {
        $("method").value = load.method;
        $("path").value = load.path;
        $("auth").value = JSON.stringify(load.auth);
        $("data").value = load.data === null ? "" : JSON.stringify(load.data);
        $("time").value = load.time || "";
        $("documents").value = JSON.stringify(load.documents);
        $("requestOut").innerHTML = "";
        document.querySelector('.tabs button[data-panel="request"]').click();
      }

      $("runDiff").addEventListener("click", async () => {
        const out = $("diffOut");
        out.innerHTML = '<span class="muted">comparing…</span>';
        const started = performance.now();
        const { status, json } = await api("/api/diff", { ref: $("diffRef").value.trim(), rules: rules.value });
        const ms = (performance.now() - started).toFixed(0);
        if (status !== 200) {
          out.innerHTML = '<div class="problem" id="diffProblem">' + escapeHTML(json.error || "") + "</div>";
          if (json.diagnostics) showDiagnostics(json.diagnostics);
          return;
        }
        const headings = { weaker: "newly allows", stronger: "newly denies", changed: "allows and denies other requests" };
        const count = json.changes.length;
        let html = '<div id="diffSummary"><b>' + count + " change" + (count === 1 ? "" : "s") + ", " + json.unchanged.length +
          " unchanged</b> against " + escapeHTML(json.old) + ' <span class="muted">· ' + ms + " ms</span></div>";
        if (!json.complete) html += '<div class="muted">incomplete: some constructs were approximated or the solver gave up, so "unchanged" means no difference found</div>';
        const loads = [];
        for (const change of json.changes) {
          html += '<h2 class="diff-change" data-direction="' + escapeHTML(change.direction) + '">' + escapeHTML(change.method + " " + change.match) +
            ' <span class="muted">' + escapeHTML(headings[change.direction] || change.direction) + "</span></h2>";
          for (const witness of change.witnesses) {
            if (witness.load) loads.push(witness.load);
            html += diffWitnessHTML(witness, loads.length - 1);
          }
        }
        if (json.unchanged.length) {
          html += "<details><summary>" + json.unchanged.length + " unchanged</summary><pre>" +
            escapeHTML(json.unchanged.map((u) => u.method + " " + u.match).join("\n")) + "</pre></details>";
        }
        for (const u of json.unsupported) html += '<div class="muted approximated" data-line="' + u.line + '">approximated: line ' + u.line + ": " + escapeHTML(u.construct) + "</div>";
        out.innerHTML = html;
        for (const button of out.querySelectorAll(".load-witness")) button.addEventListener("click", () => loadWitness(loads[Number(button.dataset.load)]));
      });
      """#)
}
