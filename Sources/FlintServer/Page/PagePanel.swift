/// One tab of `flint serve`'s page: the tab's title, the panel's markup (placed inside
/// `<div class="panel" id="panel-ID">`) and its script, which runs after `PageScript.shared` and
/// may call its functions. A new panel is a new file with one of these, listed in
/// `PlaygroundPage.panels`.
struct PagePanel: Sendable {
  var id: String
  var title: String
  var markup: String
  var script: String
}
