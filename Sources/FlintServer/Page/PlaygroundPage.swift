/// The page `flint serve` serves at `/`: HTML, CSS and script in one text, with nothing fetched
/// from the network (the server's Content-Security-Policy allows only calls back to itself). It
/// reads the run's token from its URL's fragment (`#token=...`, never sent to a server) and calls
/// the JSON API with it. The rules editor is Debian's CodeMirror, embedded at build time
/// (`EditorAssets`, Plugins/EmbedCodeMirror), which paints the marks (diagnostics by line, the
/// failing sub-expression, the granting allow, coverage); the panels beside it are `panels`,
/// each in its own file.
enum PlaygroundPage {
  /// The tabs, in order; the first is shown on load.
  static let panels: [PagePanel] = [.request, .suites, .query, .storage, .diff]

  static let html: String = {
    let tabs = panels.enumerated().map { index, panel in
      let service = panel.service.map { " data-service=\"\($0)\"" } ?? ""
      return
        "    <button data-panel=\"\(panel.id)\"\(service)\(index == 0 ? " class=\"active\"" : "")>\(panel.title)</button>"
    }
    let bodies = panels.enumerated().map { index, panel in
      "  <div class=\"panel\(index == 0 ? " active" : "")\" id=\"panel-\(panel.id)\">\n\(panel.markup)\n  </div>"
    }
    let scripts = panels.map(\.script)
    let editor = [EditorAssets.script, EditorAssets.simpleMode, EditorAssets.matchBrackets]
    return head + EditorAssets.style + "\n" + PageStyle.css + "\n</style>\n</head>\n" + rulesCard
      + tabs.joined(separator: "\n") + "\n  </div>\n" + bodies.joined(separator: "\n")
      + "\n</section>\n</main>\n<script>\n" + editor.joined(separator: "\n") + "\n</script>\n<script>\n"
      + ([PageScript.shared] + scripts + ["loadProject();"]).joined(separator: "\n\n")
      + "\n</script>\n</body>\n</html>\n"
  }()

  private static let head = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>flint serve</title>
    <style>

    """#

  /// The header, the rules editor, and the start of the panels' card up to the tab buttons.
  private static let rulesCard = #"""
    <body>
    <header><h1>flint serve</h1><span class="files" id="files">loading…</span></header>
    <main>
    <section class="card">
      <h2>Rules <span class="muted" id="rulesName"></span><select id="rulesFile" aria-label="rules file" hidden></select>
    <span class="spacer"></span>
        <button class="small" id="reload" title="Read the rules file from disk again">Reload from disk</button>
        <button class="small" id="check">Check</button></h2>
      <div class="editor"><textarea id="rules" spellcheck="false" autocomplete="off" aria-label="rules"></textarea></div>
      <div class="diags" id="diags"></div>
    </section>
    <section class="card">
      <div class="tabs">

    """#
}
