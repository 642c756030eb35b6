/// One tab of `flint serve`'s page: the tab's title, the panel's markup (placed inside
/// `<div class="panel" id="panel-ID">`), the service whose rules it works on, and its script, which runs after `PageScript.shared` and
/// may call its functions. A new panel is a new file with one of these, listed in
/// `PlaygroundPage.panels`.
struct PagePanel: Sendable {
  var id: String
  var title: String
  /// The service whose rules file the editor shows while the panel is open (`firestore`,
  /// `storage`; nil: whichever is shown). The tab is hidden when the project has no such file.
  var service: String?
  var markup: String
  var script: String
}
