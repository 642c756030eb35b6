import FirestoreModel
import RulesEngine

/// What `ServedProject` keeps between calls: the compiled rules and the loaded seed documents of
/// the last few inputs, each keyed by the whole text it was made from (a failure is kept too, so
/// rules that do not compile are not compiled again on every call). The page sends its rules text
/// with every call, so most calls hit; a text edited in the page or a file changed on disk is a
/// new key. At most 4 rulesets and 2 stores are held, whatever the number of calls.
package final class ServedCaches: Sendable {
  package struct RulesKey: Equatable, Sendable {
    package var name: String
    package var bytes: [UInt8]
  }

  package struct DataKey: Equatable, Sendable {
    package var name: String
    package var bytes: [UInt8]
    package var time: Timestamp
  }

  /// The file on disk, the page's text, and a couple of its recent edits.
  package let rulesets = RecentResults<RulesKey, Result<Ruleset, APIProblem>>(capacity: 4)
  /// The seed data at the page's request time, and at one other.
  package let stores = RecentResults<DataKey, Result<DocumentStore, APIProblem>>(capacity: 2)
}
