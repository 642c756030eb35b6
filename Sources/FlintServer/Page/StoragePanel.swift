/// One tab of `flint serve`'s page: one Cloud Storage request (upload, download, list, metadata
/// update, delete) on an object path, with the object uploaded and the one already stored, its
/// decision by the project's Storage rules and the explanation marked on them (`POST /api/object`).
extension PagePanel {
  static let storage = PagePanel(
    id: "storage", title: "Storage", service: "storage",
    markup: #"""
      <div class="row">
        <select id="objectMethod" aria-label="Storage method"><option value="create">upload</option>
          <option value="get">download</option><option value="list">list</option>
          <option value="update">update metadata</option><option value="delete">delete</option></select>
        <input id="objectPath" aria-label="object path" value="users/alice/avatar.png">
      </div>
      <label for="objectAuth">auth (JSON; null signs out)</label>
      <textarea class="json" id="objectAuth">{"uid": "alice"}</textarea>
      <label for="objectMetadata">object uploaded (upload) or metadata changed (update): size, contentType, metadata, ...</label>
      <textarea class="json" id="objectMetadata">{"size": 204800, "contentType": "image/png"}</textarea>
      <label for="objectStored">object already stored at the path (JSON; empty: none)</label>
      <textarea class="json" id="objectStored"></textarea>
      <button class="run" id="runObject">Run Storage request</button>
      <div class="out" id="objectOut"></div>
      """#,
    script: #"""
      $("runObject").addEventListener("click", async () => {
        const out = $("objectOut");
        const auth = parseJSONField("objectAuth", { value: null });
        const metadata = parseJSONField("objectMetadata", { value: undefined });
        const stored = parseJSONField("objectStored", { value: undefined });
        const problem = auth.error || metadata.error || stored.error;
        if (problem) { out.innerHTML = '<div class="problem">' + escapeHTML(problem) + "</div>"; return; }
        const method = $("objectMethod").value;
        const body = { method, path: $("objectPath").value.trim(), auth: auth.value, rules: rules.value, file: currentFile() };
        if (metadata.value !== undefined && (method === "create" || method === "update")) body.object = metadata.value;
        if (stored.value !== undefined) body.stored = stored.value;
        const started = performance.now();
        const { status, json } = await api("/api/object", body);
        const ms = (performance.now() - started).toFixed(1);
        if (status !== 200) {
          out.innerHTML = verdictHTML("ERROR") + '<div class="problem">' + escapeHTML(json.error || "") + "</div>";
          if (json.diagnostics) showDiagnostics(json.diagnostics);
          return;
        }
        const decision = json.rules.explanation;
        let html = decisionHTML(json, ms);
        if (method === "get" && !json.stored) html += "<pre>no object is stored at the path: Storage answers 404 when allowed</pre>";
        out.innerHTML = html;
        markExplanation(decision);
      });
      """#)
}
