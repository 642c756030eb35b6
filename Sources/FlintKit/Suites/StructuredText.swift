import FirestoreModel

/// A suite (or data) file read as JSON or YAML, plus what is needed to give errors found
/// later a line and column.
struct StructuredText: Sendable {
  /// The file's content.
  let value: JSONValue
  private let locator: Locator

  private enum Locator: Sendable {
    case json(JSONSourceMap)
    case yaml(YAMLMarks)
  }

  /// Whether a file name says YAML (`.yaml`, `.yml`); anything else is read as JSON.
  static func isYAML(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
  }

  /// Parses `bytes` as YAML when `name` ends in `.yaml`/`.yml`, else as strict JSON.
  init(bytes: [UInt8], name: String) throws(JSONError) {
    if Self.isYAML(name) {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw JSONError("invalid UTF-8", line: 1, column: 1, file: name)
      }
      let (value, marks) = try YAMLReader.read(text, file: name)
      self.value = value
      self.locator = .yaml(marks)
    } else {
      let (value, map) = try JSONParser.parseWithSourceMap(bytes: bytes, file: name)
      self.value = value
      self.locator = .json(map)
    }
  }

  /// The error with the file, line and column of the value its path names.
  func locate(_ error: JSONError) -> JSONError {
    switch locator {
    case .json(let map): map.locate(error)
    case .yaml(let marks): marks.locate(error)
    }
  }

  /// The line of each element of the array at `path` (nil where unknown), found in one pass.
  func elementLines(ofArrayAt path: JSONPath, count: Int) -> [Int?] {
    switch locator {
    case .json(let map):
      let offsets = map.elementOffsets(ofArrayAt: path)
      return (0..<count).map { $0 < offsets.count ? map.lineAndColumn(of: offsets[$0]).line : nil }
    case .yaml(let marks):
      return (0..<count).map { marks.locate(JSONError("", path: path.appending($0))).line }
    }
  }
}
