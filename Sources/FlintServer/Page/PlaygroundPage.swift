/// The page `flint serve` serves at `/`: HTML, CSS and script in one text, with nothing fetched
/// from the network (the server's Content-Security-Policy allows only calls back to itself). It
/// reads the run's token from its URL's fragment (`#token=...`, never sent to a server) and calls
/// the JSON API with it. The rules editor is a textarea over a layer that paints the marks
/// (diagnostics by line, the failing sub-expression, the granting allow) at the same positions;
/// the panels beside it are `panels`, each in its own file.
enum PlaygroundPage {
  /// The tabs, in order; the first is shown on load.
  static let panels: [PagePanel] = [.request, .suites, .query, .diff]

  static let html: String = {
    let tabs = panels.enumerated().map { index, panel in
      "    <button data-panel=\"\(panel.id)\"\(index == 0 ? " class=\"active\"" : "")>\(panel.title)</button>"
    }
    let bodies = panels.enumerated().map { index, panel in
      "  <div class=\"panel\(index == 0 ? " active" : "")\" id=\"panel-\(panel.id)\">\n\(panel.markup)\n  </div>"
    }
    let scripts = panels.map(\.script)
    return head + PageStyle.css + "\n</style>\n</head>\n" + rulesCard + tabs.joined(separator: "\n")
      + "\n  </div>\n" + bodies.joined(separator: "\n") + "\n</section>\n</main>\n<script>\n"
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

    """#
}
