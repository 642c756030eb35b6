import FirestoreModel

/// The `storage` section of `firebase.json`: the Cloud Storage rules files and the buckets they
/// are deployed to.
///
/// Both shapes the Firebase CLI reads are accepted:
/// `{"storage": {"rules": "storage.rules"}}` (the project's default bucket; it may name
/// `"bucket"`) and the per-bucket array
/// `{"storage": [{"bucket": "b", "rules": "a.rules"}, {"target": "t", "rules": "b.rules"}]}`,
/// where each entry names its bucket or a deploy target (`firebase target:apply storage t ...`,
/// kept in `.firebaserc`). Other members (`location`, `predeploy`, ...) are not Flint's business.
/// A shape the CLI cannot deploy is an error naming `file:line:col` and the JSON path.
extension FirebaseConfig {
  /// One `storage` entry: a rules file and the bucket or deploy target it is for.
  package struct StorageEntry: Equatable, Sendable {
    package var rules: String
    /// The bucket the entry names (nil: the project's default bucket, or a target's).
    package var bucket: String?
    /// The deploy target the entry names (its buckets are in `.firebaserc`).
    package var target: String?

    package init(rules: String, bucket: String? = nil, target: String? = nil) {
      self.rules = rules
      self.bucket = bucket
      self.target = target
    }

    /// What the entry deploys to, for messages: `target images` (the CLI deploys a target's
    /// buckets, whatever `bucket` says), `bucket my-app.appspot.com`, or nil for the object form
    /// without a bucket (the project's default bucket).
    package var destination: String? {
      if let target { return "target \(target)" }
      return bucket.map { "bucket \($0)" }
    }
  }

  /// The Cloud Storage rules files, each once, in order, with what each is deployed to (a file
  /// several entries share lists each entry's destination).
  package var storageRulesFiles: [(path: String, destinations: [String])] {
    var files: [(path: String, destinations: [String])] = []
    for entry in storage {
      let index = files.firstIndex { $0.path == entry.rules } ?? files.endIndex
      if index == files.endIndex { files.append((entry.rules, [])) }
      if let destination = entry.destination { files[index].destinations.append(destination) }
    }
    return files
  }

  /// The entries of a `storage` section (nil: there is none).
  static func storageEntries(_ section: JSONValue?, map: JSONSourceMap, name: String) throws(FirebaseConfigError)
    -> [StorageEntry]
  {
    let root = JSONPath.root.appending("storage")
    func problem(_ message: String, at path: JSONPath) -> FirebaseConfigError {
      FirebaseConfigError(map.locate(JSONError(message, path: path, file: name)).description)
    }
    switch section {
    case nil:
      return []
    case .object(let object)?:
      return [try entry(object, at: root, inArray: false, problem: problem)]
    case .array(let array)?:
      var entries: [StorageEntry] = []
      for (i, element) in array.enumerated() {
        guard case .object(let object) = element else {
          throw problem(
            #"each "storage" entry must be an object: {"bucket": "...", "rules": "storage.rules"}"#,
            at: root.appending(i))
        }
        entries.append(try entry(object, at: root.appending(i), inArray: true, problem: problem))
      }
      return entries
    default:
      throw problem(
        #""storage" must be an object ({"rules": "storage.rules"}) or an array of per-bucket entries"#, at: root)
    }
  }

  private static func entry(
    _ object: JSONObject, at path: JSONPath, inArray: Bool, problem: (String, JSONPath) -> FirebaseConfigError
  ) throws(FirebaseConfigError) -> StorageEntry {
    func string(_ key: String) throws(FirebaseConfigError) -> String? {
      guard let value = object[key] else { return nil }
      guard case .string(let text) = value, !text.isEmpty else {
        throw problem("\"\(key)\" must be a non-empty string", path.appending(key))
      }
      return text
    }
    guard let rules = try string("rules") else {
      throw problem(#"a "storage" entry needs "rules", the path of its rules file"#, path)
    }
    let bucket = try string("bucket")
    let target = try string("target")
    if inArray, bucket == nil, target == nil {
      throw problem(
        #"an entry of the "storage" array names its "bucket" or its deploy "target" (\#(rules) is deployed nowhere)"#,
        path)
    }
    return StorageEntry(rules: rules, bucket: bucket, target: target)
  }
}
