/// The canonical pretty-printer: AST in, rules text out.
///
/// Output uses 2-space indentation, one statement per line, `;` after every `allow`,
/// `return` and `let`, single-quoted strings and the fewest parentheses that keep the tree
/// unchanged, so `RulesParser.parse(print(file))` gives back an equal `RulesFile`.
/// Comments are not part of the AST and are not printed.
package enum RulesPrinter {
  /// Prints a whole rules file.
  package static func print(_ file: RulesFile) -> String {
    var writer = BlockWriter()
    if let version = file.version {
      writer.line("rules_version = \(LiteralText.string(version.value));")
      writer.blank()
    }
    for function in file.functions {
      writer.function(function)
      writer.blank()
    }
    if let service = file.service {
      writer.line("service \(service.name.name) {")
      writer.items(service.items)
      writer.line("}")
    }
    return writer.finish()
  }

  /// Prints one expression on a single line.
  package static func print(_ expr: Expr) -> String {
    var out = ""
    ExprPrinter.write(expr, to: &out)
    return out
  }

  /// Prints a match block (header, body and closing brace).
  package static func print(_ match: MatchBlock) -> String {
    var writer = BlockWriter()
    writer.match(match)
    return writer.finish()
  }

  /// Prints a function declaration.
  package static func print(_ function: FunctionDecl) -> String {
    var writer = BlockWriter()
    writer.function(function)
    return writer.finish()
  }

  /// Prints an `allow` statement on one line.
  package static func print(_ allow: AllowStatement) -> String {
    var out = "allow " + allow.methods.map(\.method.rawValue).joined(separator: ", ")
    if let condition = allow.condition {
      out += ": if " + print(condition)
    }
    return out + ";"
  }
}

/// Accumulates indented lines; blank lines separate declarations.
private struct BlockWriter {
  private var lines: [String] = []
  private var depth = 0

  mutating func line(_ text: String) {
    lines.append(String(repeating: "  ", count: depth) + text)
  }

  /// A blank line, never two in a row and never at the start of a block.
  mutating func blank() {
    guard let last = lines.last, !last.isEmpty, !last.hasSuffix("{") else { return }
    lines.append("")
  }

  mutating func function(_ function: FunctionDecl) {
    let parameters = function.parameters.map(\.name).joined(separator: ", ")
    line("function \(function.name.name)(\(parameters)) {")
    depth += 1
    for binding in function.lets {
      line("let \(binding.name.name) = \(RulesPrinter.print(binding.value));")
    }
    line("return \(RulesPrinter.print(function.body));")
    depth -= 1
    line("}")
  }

  mutating func match(_ match: MatchBlock) {
    line("match \(match.path.description) {")
    items(match.items)
    line("}")
  }

  /// The body of a service or match block. Functions and nested matches are set off by
  /// blank lines; consecutive `allow` statements stay together.
  mutating func items(_ items: [MatchItem]) {
    depth += 1
    var previousWasBlock = false
    for item in items {
      switch item {
      case .allow(let allow):
        if previousWasBlock { blank() }
        line(RulesPrinter.print(allow))
        previousWasBlock = false
      case .function(let function):
        blank()
        self.function(function)
        previousWasBlock = true
      case .match(let match):
        blank()
        self.match(match)
        previousWasBlock = true
      }
    }
    depth -= 1
  }

  mutating func finish() -> String {
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n") + "\n"
  }
}
