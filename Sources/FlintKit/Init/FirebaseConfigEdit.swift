import FirestoreModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `flint init` does to an existing firebase.json, as `firebase init firestore` and
/// `firebase init storage` do: a file without a `firestore` section gets one naming the starter
/// rules and index manifest, and (when Storage is asked for) one without a `storage` section
/// gets one naming `storage.rules`; a section that exists is kept as it is.
///
/// Sections are added as text, before the closing brace of the top-level object, so every other
/// key keeps its place, order and formatting (indentation and line endings are copied).
package enum FirebaseConfigEdit {
  /// What to do with the file.
  package struct Plan: Sendable, Equatable {
    /// The rules files the file's `firestore` section names (nil: it has none, and one is added).
    package var firestoreRules: [String]?
    /// The rules files the file's `storage` section names (nil: it has none).
    package var storageRules: [String]?
    /// The sections added, in order (`firestore`, `storage`).
    package var added: [String] = []
    /// The file's new text (nil: left unchanged).
    package var text: String?

    package init(
      firestoreRules: [String]? = nil, storageRules: [String]? = nil, added: [String] = [], text: String? = nil
    ) {
      self.firestoreRules = firestoreRules
      self.storageRules = storageRules
      self.added = added
      self.text = text
    }

    /// Whether the project has Cloud Storage rules once the plan is carried out.
    package var hasStorage: Bool { storageRules != nil || added.contains("storage") }
  }

  /// A section `flint init` adds: its key and its members (all strings).
  typealias Section = (key: String, members: [(String, String)])

  /// The `firestore` section: the starter rules and index manifest.
  static let firestore: Section = (
    "firestore", [("rules", StarterFiles.rulesName), ("indexes", StarterFiles.indexesName)]
  )
  /// The `storage` section: the starter Storage rules, for the project's default bucket.
  static let storage: Section = ("storage", [("rules", StarterFiles.storageRulesName)])

  /// Plans the edit of `bytes` (the text of firebase.json, named `name` in messages); `storage`:
  /// add a `storage` section when there is none. Invalid JSON is an error naming
  /// `name:line:col`; so is a top level that is not an object.
  package static func plan(_ bytes: [UInt8], name: String, storage wantsStorage: Bool = false) throws(ProjectInit
    .Problem) -> Plan
  {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes: bytes, file: name)
    } catch {
      let message = VisibleText.escaped(error.message, keepingTabs: false)
      throw .invalidConfig("\(name):\(error.line ?? 1):\(error.column ?? 1): not valid JSON: \(message)")
    }
    guard let root = value.objectValue else {
      throw .invalidConfig("\(name):1:1: the top level must be an object, to add a \"firestore\" section")
    }
    var plan = Plan(firestoreRules: root["firestore"].map(rulesFiles), storageRules: root["storage"].map(rulesFiles))
    var sections: [Section] = []
    if plan.firestoreRules == nil { sections.append(firestore) }
    if wantsStorage, plan.storageRules == nil { sections.append(storage) }
    guard !sections.isEmpty else { return plan }
    plan.added = sections.map(\.key)
    plan.text = inserted(sections, into: String(decoding: bytes, as: UTF8.self))
    return plan
  }

  /// The rules files a `firestore` or `storage` section names (an object, or the
  /// multi-database or per-bucket array).
  static func rulesFiles(_ section: JSONValue) -> [String] {
    let objects = section.arrayValue?.compactMap(\.objectValue) ?? section.objectValue.map { [$0] } ?? []
    return objects.compactMap { $0["rules"]?.stringValue }
  }

  /// `text` (a valid JSON object) with `sections` added as its last members.
  static func inserted(_ sections: [Section], into text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard let open = scalars.firstIndex(of: "{"), let close = scalars.lastIndex(of: "}") else { return text }
    let newline = text.contains("\r\n") ? "\r\n" : "\n"
    func blocks(indent: String) -> String {
      sections.map { block($0, indent: indent, newline: newline) }.joined(separator: "," + newline)
    }
    // An empty object: the sections on their own lines, with two spaces.
    guard let last = scalars[(open + 1)..<close].lastIndex(where: { !isSpace($0) }) else {
      return string(scalars[...open]) + newline + blocks(indent: "  ") + newline + string(scalars[close...])
    }
    // Members on their own lines: blocks indented like the first member. Else one line.
    let lead = scalars[(open + 1)...].prefix(while: isSpace)
    let members: String
    if lead.contains("\n") {
      let indent = string(lead.reversed().prefix { $0 == " " || $0 == "\t" }.reversed())
      members = "," + newline + blocks(indent: indent)
    } else {
      members = sections.map { section in
        ", \"\(section.key)\": {" + section.members.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ") + "}"
      }.joined()
    }
    return string(scalars[...last]) + members + string(scalars[(last + 1)...])
  }

  /// `section` as lines indented by `indent` (its members by one more step).
  static func block(_ section: Section, indent: String, newline: String) -> String {
    let inner = indent + (indent.isEmpty ? "  " : indent)
    let lines = section.members.map { "\(inner)\"\($0.0)\": \"\($0.1)\"" }.joined(separator: "," + newline)
    return "\(indent)\"\(section.key)\": {\(newline)\(lines)\(newline)\(indent)}"
  }

  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
  }

  static func string<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}
