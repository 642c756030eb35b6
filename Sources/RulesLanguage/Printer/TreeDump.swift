/// An indented tree dump of the AST (`├─`/`└─` branches), for golden tests and `--dump-ast`.
///
/// ```
/// RulesFile v2
/// └─ Service cloud.firestore
///    └─ Match /users/{uid}
///       └─ Allow read
///          └─ Binary ==
///             ├─ Identifier uid
///             └─ String 'alice'
/// ```
package enum TreeDump {
  /// Dumps a whole file.
  package static func dump(_ file: RulesFile) -> String {
    node(for: file).rendered()
  }

  /// Dumps one expression.
  package static func dump(_ expr: Expr) -> String {
    node(for: expr).rendered()
  }

  static func node(for file: RulesFile) -> DumpNode {
    var children: [DumpNode] = file.functions.map(node(for:))
    if let service = file.service {
      children.append(DumpNode("Service \(service.name.name)", service.items.map(node(for:))))
    }
    let version = file.version.map { " version \(LiteralText.string($0.value))" } ?? ""
    return DumpNode("RulesFile" + version, children)
  }

  static func node(for item: MatchItem) -> DumpNode {
    switch item {
    case .match(let match):
      return DumpNode("Match \(match.path.description)", match.items.map(node(for:)))
    case .allow(let allow):
      let methods = allow.methods.map(\.method.rawValue).joined(separator: ", ")
      return DumpNode("Allow \(methods)", allow.condition.map { [node(for: $0)] } ?? [])
    case .function(let function):
      return node(for: function)
    }
  }

  static func node(for function: FunctionDecl) -> DumpNode {
    let parameters = function.parameters.map(\.name).joined(separator: ", ")
    var children = function.lets.map { DumpNode("Let \($0.name.name)", [node(for: $0.value)]) }
    children.append(DumpNode("Return", [node(for: function.body)]))
    return DumpNode("Function \(function.name.name)(\(parameters))", children)
  }

  static func node(for expr: Expr) -> DumpNode {
    switch expr.kind {
    case .null: return DumpNode("Null")
    case .bool(let value): return DumpNode("Bool \(value)")
    case .int(let value): return DumpNode("Int \(value)")
    case .float(let value): return DumpNode("Float \(LiteralText.float(value))")
    case .string(let value): return DumpNode("String \(LiteralText.string(value))")
    case .bytes(let value): return DumpNode("Bytes \(LiteralText.bytes(value))")
    case .list(let elements): return DumpNode("List", elements.map(node(for:)))
    case .map(let entries):
      return DumpNode("Map", entries.map { DumpNode("Entry \(LiteralText.string($0.key))", [node(for: $0.value)]) })
    case .path(let segments):
      let children = segments.map { segment -> DumpNode in
        switch segment {
        case .literal(let text): DumpNode("Segment \(text)")
        case .interpolation(let inner): DumpNode("Interpolation", [node(for: inner)])
        }
      }
      return DumpNode("Path", children)
    case .identifier(let name): return DumpNode("Identifier \(name)")
    case .member(let base, let name): return DumpNode("Member .\(name.name)", [node(for: base)])
    case .call(let name, let args): return DumpNode("Call \(name.name)", args.map(node(for:)))
    case .methodCall(let base, let name, let args):
      return DumpNode("MethodCall .\(name.name)", [node(for: base)] + args.map(node(for:)))
    case .index(let base, let index): return DumpNode("Index", [node(for: base), node(for: index)])
    case .slice(let base, let lower, let upper):
      let bounds = [
        DumpNode("Lower", lower.map { [node(for: $0)] } ?? []),
        DumpNode("Upper", upper.map { [node(for: $0)] } ?? []),
      ]
      return DumpNode("Slice", [node(for: base)] + bounds)
    case .unary(let op, let operand): return DumpNode("Unary \(op.rawValue)", [node(for: operand)])
    case .binary(let op, let lhs, let rhs): return DumpNode("Binary \(op.rawValue)", [node(for: lhs), node(for: rhs)])
    case .typeTest(let value, let type): return DumpNode("Is \(type.name)", [node(for: value)])
    case .ternary(let condition, let then, let otherwise):
      return DumpNode("Ternary", [node(for: condition), node(for: then), node(for: otherwise)])
    case .invalid: return DumpNode("Invalid")
    }
  }
}

/// One labelled node of a tree dump.
struct DumpNode {
  var label: String
  var children: [DumpNode]

  init(_ label: String, _ children: [DumpNode] = []) {
    self.label = label
    self.children = children
  }

  func rendered() -> String {
    var lines = [label]
    appendChildren(prefix: "", to: &lines)
    return lines.joined(separator: "\n") + "\n"
  }

  private func appendChildren(prefix: String, to lines: inout [String]) {
    for (index, child) in children.enumerated() {
      let isLast = index == children.count - 1
      lines.append(prefix + (isLast ? "└─ " : "├─ ") + child.label)
      child.appendChildren(prefix: prefix + (isLast ? "   " : "│  "), to: &lines)
    }
  }
}
