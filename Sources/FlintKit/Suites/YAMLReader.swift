import FirestoreModel
import Yams

/// Reads YAML into the same `JSONValue` tree the JSON parser builds, so one loader serves
/// suites written in either language.
///
/// Scalars keep their YAML type: an integer (`42`, `0x2A`) is `.int`, a float (`1.5`,
/// `1e3`) is `.double`, `true`/`false` (and YAML 1.1 `yes`/`no`/`on`/`off`) are booleans,
/// `null`/`~`/empty are null, and every other scalar, quoted scalars and unquoted timestamps
/// included, is a string. Mapping keys must be scalars and unique. Aliases are expanded, with
/// a cap on the total number of values so that nested aliases cannot blow up memory.
enum YAMLReader {
  /// The most values one document may expand to (aliases included).
  static let maxValues = 1_000_000
  /// The deepest nesting allowed, as for JSON.
  static let maxDepth = 512

  /// Parses `text`; errors carry the file, line, column and JSON path. The returned marks
  /// map each value's path to where it starts, for placing errors found later.
  static func read(_ text: String, file: String) throws(JSONError) -> (value: JSONValue, marks: YAMLMarks) {
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw syntaxError(error, file: file)
    } catch {
      throw JSONError("invalid YAML: \(error)", file: file)
    }
    guard let root else { throw JSONError("empty input: expected a YAML document", line: 1, column: 1, file: file) }
    var converter = Converter(file: file)
    let value = try converter.convert(root, at: .root, depth: 0)
    return (value, YAMLMarks(file: file, marks: converter.marks))
  }

  /// A Yams error as a `JSONError` with the line and column libyaml reported.
  static func syntaxError(_ error: YamlError, file: String) -> JSONError {
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let note = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
      return JSONError("invalid YAML: \(problem)\(note)", line: mark.line, column: mark.column, file: file)
    case .reader(let problem, let offset, _, _):
      return JSONError("invalid YAML: \(problem)", offset: offset, file: file)
    default:
      return JSONError("invalid YAML: \(error)", file: file)
    }
  }

  /// One walk over the node tree.
  private struct Converter {
    let file: String
    var marks: [JSONPath: Mark] = [:]
    var count = 0

    init(file: String) { self.file = file }

    mutating func convert(_ node: Node, at path: JSONPath, depth: Int) throws(JSONError) -> JSONValue {
      count += 1
      if let mark = node.mark, marks[path] == nil { marks[path] = mark }
      guard count <= YAMLReader.maxValues else {
        throw located("more than \(YAMLReader.maxValues) values (aliases expanded)", node, path)
      }
      guard depth <= YAMLReader.maxDepth else {
        throw located("nesting deeper than \(YAMLReader.maxDepth) levels of sequences and mappings", node, path)
      }
      switch node {
      case .scalar(let scalar):
        return try self.scalar(scalar, node, at: path)
      case .sequence(let sequence):
        var elements: [JSONValue] = []
        elements.reserveCapacity(sequence.count)
        for (index, element) in sequence.enumerated() {
          elements.append(try convert(element, at: path.appending(index), depth: depth + 1))
        }
        return .array(elements)
      case .mapping(let mapping):
        var object = JSONObject()
        for (key, value) in mapping {
          guard case .scalar(let keyScalar) = key else {
            throw located("mapping keys must be plain scalars", key, path)
          }
          let name = keyScalar.string
          guard !object.contains(name) else {
            throw located("duplicate key \"\(name)\"", key, path.appending(name))
          }
          object[name] = try convert(value, at: path.appending(name), depth: depth + 1)
        }
        return .object(object)
      }
    }

    func scalar(_ scalar: Node.Scalar, _ node: Node, at path: JSONPath) throws(JSONError) -> JSONValue {
      switch Tag.Name(rawValue: node.tag.description) {
      case .null:
        return .null
      case .bool:
        guard let value = node.bool else { throw located("invalid boolean \"\(scalar.string)\"", node, path) }
        return .bool(value)
      case .int:
        if let value = Int64(scalar.string) { return .int(value) }
        guard let value = node.int else {
          throw located("integer \(scalar.string) does not fit in 64 bits", node, path)
        }
        return .int(Int64(value))
      case .float:
        guard let value = Double(scalar.string) ?? node.float, value.isFinite else {
          throw located(
            "\(scalar.string) is not a finite number (use {__double__: \"NaN\"} for non-finite values)", node, path)
        }
        return .double(value)
      default:
        return .string(scalar.string)
      }
    }

    func located(_ message: String, _ node: Node, _ path: JSONPath) -> JSONError {
      JSONError(message, path: path, line: node.mark?.line, column: node.mark?.column, file: file)
    }
  }
}

/// Where each value of a YAML document starts, by JSON path.
struct YAMLMarks: Sendable {
  let file: String
  let marks: [JSONPath: (line: Int, column: Int)]

  init(file: String, marks: [JSONPath: Mark]) {
    self.file = file
    self.marks = marks.mapValues { ($0.line, $0.column) }
  }

  /// The error with file, line and column of the closest ancestor of its path that has a mark.
  func locate(_ error: JSONError) -> JSONError {
    var located = error
    if located.file == nil { located.file = file }
    guard located.line == nil else { return located }
    var components = error.path.components
    while true {
      if let mark = marks[JSONPath(components)] {
        located.line = mark.line
        located.column = mark.column
        return located
      }
      if components.isEmpty { return located }
      components.removeLast()
    }
  }
}
