/// An update whose key list (`request.resource.data.keys().hasOnly([...])` or
/// `diff(resource.data).affectedKeys().hasOnly([...])`) names a field the rules use for ownership
/// or roles, with nothing else in the condition looking at that field's value: the user can
/// change it and hand the document to someone else (or give themselves a role).
/// `security.unpinned-ownership-field` stays silent on updates with key lists; this is the case
/// of a list it would otherwise trust.
enum OwnerFieldInKeyList: Lint {
  static let rule = LintRule(
    code: .securityOwnerFieldInKeyList,
    summary: "an update's key list (`hasOnly`) includes the ownership field, whose value nothing pins",
    fixHint: OwnershipChange.fix(field: "<field>"),
    triggering: [
      """
      match /notes/{noteId} {
        allow read: if resource.data.ownerId == request.auth.uid;
        allow update: if resource.data.ownerId == request.auth.uid
          && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['text', 'ownerId']);
      }
      """,
      """
      match /notes/{noteId} {
        allow read, delete: if resource.data.ownerId == request.auth.uid;
        allow update: if resource.data.ownerId == request.auth.uid
          && request.resource.data.keys().hasOnly(['text', 'ownerId']) && request.resource.data.text is string;
      }
      """,
    ],
    nonTriggering: [
      """
      match /notes/{noteId} {
        allow read: if resource.data.ownerId == request.auth.uid;
        allow update: if resource.data.ownerId == request.auth.uid
          && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['text']);
      }
      """,
      """
      match /notes/{noteId} {
        allow read: if resource.data.ownerId == request.auth.uid;
        allow update: if resource.data.ownerId == request.auth.uid
          && request.resource.data.keys().hasOnly(['text', 'ownerId'])
          && request.resource.data.ownerId == resource.data.ownerId;
      }
      """,
      // Only an admin can make this update.
      """
      match /notes/{noteId} {
        allow read: if resource.data.ownerId == request.auth.uid;
        allow update: if request.auth.token.admin == true
          && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['ownerId']);
      }
      """,
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    // No `hasOnly` anywhere in the text: no key list to check.
    guard ByteSearch.contains(model.source.bytes, "hasOnly") else { return [] }
    // Candidates first (cheap): updates with a key list; only their matches need owner fields,
    // and only a list naming one of them needs the costlier questions.
    var candidates: [(allow: AllowFacts, listed: Set<String>)] = []
    for allow in model.allowFacts where allow.methods.contains(.update) && !allow.isNever && !allow.isWeak {
      guard let condition = allow.condition else { continue }
      let listed = keyListStrings(condition)
      if !listed.isEmpty { candidates.append((allow, listed)) }
    }
    guard !candidates.isEmpty else { return [] }
    let ownersByMatch = OwnershipChange.ownerFields(inMatches: Set(candidates.map(\.allow.matchIndex)), model)
    let roleFields = Array(OwnershipChange.roleLookups(model.allowFacts))
    var found: [Diagnostic] = []
    for (allow, listed) in candidates {
      guard let condition = allow.condition else { continue }
      var fields = Set(ownersByMatch[allow.matchIndex] ?? [])
      for role in roleFields where OwnershipChange.matches(role.pattern, allow.match) { fields.insert(role.field) }
      let named = fields.filter { listed.contains($0) }.sorted()
      guard !named.isEmpty, !condition.hasUnresolvedCall(in: model.scopes.service),
        !condition.requiresPrivilege(in: model.scopes.service),
        let field = named.first(where: { !pinned($0, condition) })
      else { continue }
      found.append(
        rule.warning(
          "'allow \(allow.methodText)' on '\(allow.match.pathText)' lists '\(field)' among the keys an update may "
            + "write, and nothing else in the condition looks at its value: the user can change '\(field)', which "
            + "these rules use to decide who owns the document or what role a user has",
          at: allow.methodsRange, fix: OwnershipChange.fix(field: field)))
    }
    return found
  }

  /// The strings of every `hasOnly([...])` list on the incoming document's keys or changed keys.
  static func keyListStrings(_ condition: Expr) -> Set<String> {
    var strings = Set<String>()
    condition.forEachNode { node in
      guard let list = keyList(node) else { return }
      for element in list { if case .string(let text) = element.kind { strings.insert(text) } }
    }
    return strings
  }

  /// The list of `X.hasOnly([...])` where X is `request.resource.data.keys()` or an
  /// `affectedKeys()`/`changedKeys()` of a `diff`.
  private static func keyList(_ node: Expr) -> [Expr]? {
    guard case .methodCall(let receiver, let name, let args) = node.kind, name.name == "hasOnly", args.count == 1,
      case .list(let elements) = args[0].kind, case .methodCall(let base, let keys, _) = receiver.kind
    else { return nil }
    switch keys.name {
    case "keys": return base.isChain(Chain.requestResourceData) ? elements : nil
    case "affectedKeys", "changedKeys": return elements
    default: return nil
    }
  }

  /// Whether the condition looks at the field's value outside the key lists: reads
  /// `request.resource.data.F`, or names 'F' in another string (`hasAny(['F'])`, `get('F', ...)`).
  static func pinned(_ field: String, _ condition: Expr) -> Bool {
    var total = 0
    var inLists = 0
    condition.forEachNode { node in
      switch node.kind {
      case .string(let text) where text == field: total += 1
      case .member(let base, let name) where name.name == field && base.isChain(Chain.requestResourceData): total += 1
      default:
        if let list = keyList(node) {
          inLists += list.count { if case .string(let text) = $0.kind { text == field } else { false } }
        }
      }
    }
    return total > inLists
  }
}
