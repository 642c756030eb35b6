import FirestoreModel

/// The Firebase project id that create-index links name.
package enum ProjectID {
  /// Written in links when no project id is known (no `--project`, no `.firebaserc`).
  package static let placeholder = "PROJECT_ID"

  /// `.firebaserc`'s `projects.default` in `directory`; nil when there is none.
  package static func fromFirebaserc(in directory: String = ".") -> String? {
    let path = directory == "." ? ".firebaserc" : directory + "/.firebaserc"
    guard FileStamp.of(path) != nil, let bytes = try? FileBytes.read(path),
      let root = try? JSONParser.parse(bytes: bytes), case .object(let object) = root,
      case .object(let projects)? = object["projects"], case .string(let id)? = projects["default"], !id.isEmpty
    else { return nil }
    return id
  }
}
