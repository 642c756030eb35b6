import FirestoreModel
import IndexAdvisor

/// The index part of `flint query`'s report: the kind of index the query needs, whether the
/// manifest serves it, and for a missing index the backend's FAILED_PRECONDITION message
/// with the console link and the index it encodes.
package enum IndexLineRenderer {
  /// `backendMessage`: whether a missing index also gets the backend's message and the index
  /// its link creates (the REPL's `:indexes` lists the queries without them).
  package static func text(
    _ serving: QueryServing, manifest: String?, project: String, database: String, backendMessage: Bool = true
  ) -> String {
    let requirement = serving.requirement
    let kind = requirement.kind.rawValue
    let source = manifest ?? "the automatic indexes"
    switch requirement.kind {
    case .none:
      return "index: none (key order)\n"
    case .singleField, .merge:
      if serving.isServed { return "index: \(kind) \(automaticText(requirement)) (automatic)\n" }
    case .collectionGroupOverride, .composite:
      break
    }
    var out = ""
    if serving.isServed {
      let used = serving.servedBy.map(entryText)
      out +=
        "index: \(kind) \(used.isEmpty ? automaticText(requirement) : used.joined(separator: " + ")) — served by \(source)\n"
      return out
    }
    let missingIn = manifest.map { "missing from \($0)" } ?? "not an automatic index; no manifest given (--indexes)"
    for index in serving.missingIndexes {
      out += "index: \(kind) \(index) — \(missingIn)\n"
      if manifest != nil, backendMessage {
        out +=
          "  FAILED_PRECONDITION: \(ConsoleLink.missingIndexMessage(index, project: project, database: database))\n"
        out += "  the link creates: \(index) [\(index.scope.rawValue)]\n"
      }
    }
    for override in serving.missingOverrides {
      out += "index: \(kind) override \(override) — \(missingIn)\n"
    }
    return out
  }

  /// `{"kind", "indexes", "fieldOverrides", "servedBy", "missing", "manifest"}`.
  package static func json(_ serving: QueryServing, manifest: String?) -> JSONValue {
    let requirement = serving.requirement
    let servedBy: JSONValue =
      serving.isServed
      ? .array(
        serving.servedBy.map { entry in
          switch entry {
          case .index(let index): ManifestWriter.json(index)
          case .override(let override): ManifestWriter.json(override)
          }
        }) : .null
    return .object([
      "kind": .string(requirement.kind.rawValue),
      "indexes": .array(requirement.indexes.map(ManifestWriter.json)),
      "fieldOverrides": .array(requirement.fieldOverrides.map(ManifestWriter.json)),
      "servedBy": servedBy,
      "missing": .object([
        "indexes": .array(serving.missingIndexes.map(ManifestWriter.json)),
        "fieldOverrides": .array(serving.missingOverrides.map(ManifestWriter.json)),
      ]),
      "manifest": manifest.map(JSONValue.string) ?? .null,
    ])
  }

  /// `posts.author ASC`, or the merged fields: `posts (author, published)`.
  private static func automaticText(_ requirement: IndexRequirement) -> String {
    var parts: [String] = []
    for need in requirement.branches {
      if let single = need.automaticIndex {
        parts.append("\(need.collectionGroup).\(single.field) \(single.mode.shortName)")
      } else if !need.prefix.isEmpty {
        parts.append("\(need.collectionGroup) (\(need.prefix.map(\.description).joined(separator: " + ")))")
      }
    }
    return Array(Set(parts)).sorted().joined(separator: "; ")
  }

  private static func entryText(_ entry: ManifestEntry) -> String {
    switch entry {
    case .index(let index): "\(index)"
    case .override(let override): "override \(override)"
    }
  }
}
