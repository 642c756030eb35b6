/// One tab of `flint serve`'s page: one single-document request (method, path, auth, data written), its decision, and the
/// granting allow or each failing sub-expression marked on the rules (`POST /api/request`); the seed document at the
/// path is shown, and an update's or set's data starts from it (`POST /api/document`).
extension PagePanel {
  static let request = PagePanel(
    id: "request", title: "Request", service: "firestore",
    markup: #"""
      <div class="row">
        <select id="method" aria-label="method"><option>get</option><option>create</option><option>update</option>
          <option>set</option><option>delete</option></select>
        <input id="path" aria-label="path" value="clubs/poetry">
      </div>
      <div class="muted" id="stored"></div>
      <label for="auth">auth (JSON; null signs out)</label>
      <textarea class="json" id="auth">{"uid": "alice"}</textarea>
      <label for="data">data written (JSON; create and set: the document, update: the fields)</label>
      <textarea class="json" id="data"></textarea>
      <label for="documents">stored documents (JSON by path, as data.json; empty: the project's seed data)</label>
      <textarea class="json" id="documents"></textarea>
      <label for="time">request.time (RFC 3339; empty: 1970-01-01T00:00:00Z)</label>
      <input id="time" placeholder="2024-05-01T12:00:00Z">
      <button class="run" id="runRequest">Run request</button>
      <div class="out" id="requestOut"></div>
      """#,
    script: #"""
      $("runRequest").addEventListener("click", async () => {
        const out = $("requestOut");
        const auth = parseJSONField("auth", { value: null });
        const data = parseJSONField("data", { value: undefined });
        const documents = parseJSONField("documents", { value: undefined });
        if (auth.error || data.error || documents.error) { out.innerHTML = '<div class="problem">' + escapeHTML(auth.error || data.error || documents.error) + "</div>"; return; }
        const body = { method: $("method").value, path: $("path").value.trim(), auth: auth.value, rules: rules.value };
        if (data.value !== undefined) body.data = data.value;
        if (documents.value !== undefined) body.documents = documents.value;
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
        let html = decisionHTML(json, ms);
        if (json.document !== undefined) html += "<pre>" + escapeHTML(json.document ? JSON.stringify(json.document.data) : "the document does not exist") + "</pre>";
        out.innerHTML = html;
        markExplanation(decision);
      });

      // The seed document at the path, shown under it; an update or set starts from its data
      // (the editor is only refilled while it holds nothing of the user's own).
      let prefilled = "", storedTimer = null;
      async function loadStored() {
        const path = $("path").value.trim(), box = $("stored");
        if (!path) { box.textContent = ""; prefill(null); return; }
        const body = { path };
        if ($("time").value.trim()) body.time = $("time").value.trim();
        const { status, json } = await api("/api/document", body);
        if ($("path").value.trim() !== path) return;  // a newer path is being read
        if (status !== 200) { box.textContent = json.error || ""; prefill(null); return; }
        box.textContent = json.exists ? "stored in " + json.file + ": " + JSON.stringify(json.data)
          : "no document at " + json.path + (json.file ? " in " + json.file : " (the project has no seed data)");
        prefill(json.exists ? json.data : null);
      }
      function prefill(data) {
        const editor = $("data"), method = $("method").value;
        if (editor.value.trim() !== "" && editor.value !== prefilled) return;
        prefilled = data && (method === "update" || method === "set") ? JSON.stringify(data) : "";
        editor.value = prefilled;
      }
      $("path").addEventListener("input", () => { clearTimeout(storedTimer); storedTimer = setTimeout(loadStored, 250); });
      $("method").addEventListener("change", loadStored);
      loadStored();
      """#)
}
