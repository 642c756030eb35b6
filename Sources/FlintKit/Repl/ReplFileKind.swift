/// The files a session can load.
package enum ReplFileKind: String, Sendable, CaseIterable {
  case rules
  case data
  case indexes
}
