/// A user function declaration and where it sits: for listing ambiguous candidates.
package struct FunctionSite: Sendable, Equatable {
  package var name: String
  /// 1-based line and column of the declaration's name.
  package var line: Int
  package var column: Int
  /// The complete pattern of the enclosing match block, or nil at the top level or in the service.
  package var pattern: String?

  /// `isOwner (line 6, in match /databases/{database}/documents/users/{uid})`.
  package var description: String {
    "\(name) (line \(line), \(pattern.map { "in match \($0)" } ?? "outside any match"))"
  }
}
