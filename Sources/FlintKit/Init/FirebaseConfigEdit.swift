import FirestoreModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `flint init` does to an existing firebase.json, as `firebase init firestore` does: a
/// file without a `firestore` section gets one naming the starter rules and index manifest; a
/// file with one keeps it as it is.
///
/// The section is added as text, before the closing brace of the top-level object, so every
/// other key keeps its place, order and formatting (indentation and line endings are copied).
package enum FirebaseConfigEdit {
  /// What to do with the file.
  package enum Plan: Sendable, Equatable {
    /// The file already has a `firestore` section (left unchanged); the rules files it names.
    case keep(rules: [String])
    /// The file's new text, with the `firestore` section added.
    case add(String)
  }

  /// The section added: the starter rules and index manifest.
  static let members = [("rules", StarterFiles.rulesName), ("indexes", StarterFiles.indexesName)]

  /// Plans the edit of `bytes` (the text of firebase.json, named `name` in messages). Invalid
  /// JSON is an error naming `name:line:col`; so is a top level that is not an object.
  package static func plan(_ bytes: [UInt8], name: String) throws(ProjectInit.Problem) -> Plan {
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
    if let firestore = root["firestore"] { return .keep(rules: rulesFiles(firestore)) }
    return .add(inserted(into: String(decoding: bytes, as: UTF8.self)))
  }

  /// The rules files a `firestore` section names (an object, or the multi-database array).
  static func rulesFiles(_ section: JSONValue) -> [String] {
    let objects = section.arrayValue?.compactMap(\.objectValue) ?? section.objectValue.map { [$0] } ?? []
    return objects.compactMap { $0["rules"]?.stringValue }
  }

  /// `text` (a valid JSON object) with the section added as its last member.
  static func inserted(into text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard let open = scalars.firstIndex(of: "{"), let close = scalars.lastIndex(of: "}") else { return text }
    let newline = text.contains("\r\n") ? "\r\n" : "\n"
    // An empty object: the section on its own lines, with two spaces.
    guard let last = scalars[(open + 1)..<close].lastIndex(where: { !isSpace($0) }) else {
      return string(scalars[...open]) + newline + block(indent: "  ", newline: newline) + newline
        + string(scalars[close...])
    }
    // Members on their own lines: a block indented like the first member. Else one line.
    let lead = scalars[(open + 1)...].prefix(while: isSpace)
    let member: String
    if lead.contains("\n") {
      let indent = string(lead.reversed().prefix { $0 == " " || $0 == "\t" }.reversed())
      member = "," + newline + block(indent: indent, newline: newline)
    } else {
      member = ", \"firestore\": {" + members.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ") + "}"
    }
    return string(scalars[...last]) + member + string(scalars[(last + 1)...])
  }

  /// The section as lines indented by `indent` (its members by one more step).
  static func block(indent: String, newline: String) -> String {
    let inner = indent + (indent.isEmpty ? "  " : indent)
    let lines = members.map { "\(inner)\"\($0.0)\": \"\($0.1)\"" }.joined(separator: "," + newline)
    return "\(indent)\"firestore\": {\(newline)\(lines)\(newline)\(indent)}"
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
