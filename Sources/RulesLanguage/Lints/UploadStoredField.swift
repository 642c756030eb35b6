/// An upload rule (`create`, directly or through `write`) that reads a field Cloud Storage sets
/// only once an object is stored: `request.resource.generation`, `metageneration`, `etag`,
/// `timeCreated` or `updated` (`RulesService.storedOnlyObjectFields`). Production does not set
/// them on an upload, so the read is an error and that part of the condition never grants a
/// create (Docs/fidelity F2; the emulator fills them in, so tests there pass).
enum UploadStoredField: Lint {
  static let rule = LintRule(
    code: .misconceptionUploadStoredField, services: [.storage],
    summary:
      "an upload rule that reads `request.resource.timeCreated` (or `generation`, `etag`, ...), unset on uploads",
    fixHint: "compare with `request.time` instead of `request.resource.timeCreated`, or drop the test",
    triggering: [
      """
      match /uploads/{userId}/{fileName} {
        allow create: if request.auth.uid == userId && request.resource.size < 1024 * 1024
          && request.resource.timeCreated < request.time + duration.value(1, 'm');
      }
      """
    ],
    nonTriggering: [
      """
      match /uploads/{userId}/{fileName} {
        allow create: if request.auth.uid == userId && request.resource.size < 1024 * 1024;
        allow update: if request.auth.uid == userId && request.resource.metageneration > resource.metageneration;
      }
      """
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.allowFacts.compactMap { allow in
      guard allow.methods.contains(.create), !allow.isNever, let condition = allow.condition else { return nil }
      var field: String?
      condition.forEachNode { node in
        guard field == nil, case .member(let base, let name) = node.kind, base.isChain(Chain.requestResource),
          RulesService.storedOnlyObjectFields.contains(name.name)
        else { return }
        field = name.name
      }
      guard let field else { return nil }
      return rule.warning(
        "'allow \(allow.methodText)' on '\(allow.match.pathText)' reads 'request.resource.\(field)', which Cloud "
          + "Storage sets only on stored objects, not on an upload: on a create the read is an error, so that part of "
          + "the condition never grants",
        at: allow.methodsRange)
    }
  }
}
