/// The results a watch loop prints after a re-run: those whose text changed since the last run.
package enum WatchChanges {
  package struct Entry: Hashable, Sendable {
    package var key: String
    package var text: String

    package init(key: String, text: String) {
      self.key = key
      self.text = text
    }
  }

  /// The entries of `new` that are new or whose text differs from `old`'s under the same key (in
  /// `new`'s order), and the keys of `old` that `new` no longer has.
  package static func diff(old: [Entry], new: [Entry]) -> (changed: [Entry], gone: [String]) {
    var before: [String: String] = [:]
    for entry in old { before[entry.key] = entry.text }
    let keys = Set(new.map(\.key))
    return (new.filter { before[$0.key] != $0.text }, old.map(\.key).filter { !keys.contains($0) })
  }
}
