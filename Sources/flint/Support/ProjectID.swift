import FirestoreModel

/// The Firebase project id of the current directory: `.firebaserc`'s `projects.default`.
enum ProjectID {
  static func fromFirebaserc(_ path: String = ".firebaserc") -> String? {
    guard FileReader.exists(path), let bytes = try? FileReader.bytes(atPath: path),
      let root = try? JSONParser.parse(bytes: bytes), case .object(let object) = root,
      case .object(let projects)? = object["projects"], case .string(let id)? = projects["default"], !id.isEmpty
    else { return nil }
    return id
  }
}
