/// ES modules and TypeScript declarations for the chain reader: what `import`, `export` and
/// `enum` bind. Every file's top-level names are visible in every other file of the group
/// (`ChainProgram.globals`), so a named import needs nothing; these handle what renames a name
/// (`import { a as b }`, `export { a as b }`, `import * as names`, default imports and
/// exports) and what declares members (`enum Collection { Users = "users" }`).
extension JSDialect {
  /// `import ... from "spec";` (or `import "spec";`): binds renamed and default imports.
  func readImport(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) {
    reader.pos += 1
    if reader.token.isIdent("type"), !reader.peek().isPunct(",") && !reader.peek().isIdent("from") {
      reader.pos += 1
    }
    let start = reader.pos
    var end = start
    while end < reader.limit, !reader.tokens[end].isPunct(";"), reader.tokens[end].kind != .string { end += 1 }
    let spec = reader.tokens[end].kind == .string ? reader.tokens[end].text : nil
    var i = start
    while i < end {
      let t = reader.tokens[i]
      if t.isPunct("*"), reader.tokens[i + 1].isIdent("as"), reader.tokens[i + 2].kind == .identifier {
        reader.namespaces.insert(reader.tokens[i + 2].text)
        i += 3
        continue
      }
      if t.isPunct("{"), let close = reader.matching(i), close <= end {
        var j = i + 1
        while j < close {
          if reader.tokens[j].kind == .identifier || reader.tokens[j].kind == .string,
            reader.tokens[j + 1].isIdent("as"), reader.tokens[j + 2].kind == .identifier
          {
            bind(reader.tokens[j + 2].text, to: reader.tokens[j].text, reader, env: &env)
            j += 3
          } else {
            j += 1
          }
        }
        i = close + 1
        continue
      }
      // `import db from "./firebase"`: the module's default export.
      if t.kind == .identifier, !t.isIdent("type"), !t.isIdent("from"), i == start || reader.tokens[i - 1].isPunct(","),
        let spec, let value = reader.program.defaultExport(of: spec, from: reader.file)
      {
        env[t.text] = value
      }
      i += 1
    }
    reader.pos = min(reader.limit, end + 1)
  }

  /// `local` is `exported` (its value and its declared members).
  private func bind(
    _ local: String, to exported: String, _ reader: ChainEvaluator, env: inout ChainEvaluator.Env
  ) {
    guard local != exported else { return }
    if let value = env[exported] ?? reader.program.globals[exported] { env[local] = value }
    reader.aliases[local] = exported
  }

  /// `export { a as b }`, `export { a as b } from "./x"`, `export * from "./x"`: renames only
  /// (every top-level name is visible anyway).
  func readExportList(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) {
    if reader.isPunct("{"), let close = reader.matching(reader.pos) {
      var j = reader.pos + 1
      while j < close {
        if reader.tokens[j].kind == .identifier, reader.tokens[j + 1].isIdent("as"),
          reader.tokens[j + 2].kind == .identifier
        {
          let value = env[reader.tokens[j].text] ?? reader.program.globals[reader.tokens[j].text]
          if let value { env[reader.tokens[j + 2].text] = value }
          // The new name's members are the old name's (`PostFields.author`).
          if reader.program.aliases[reader.tokens[j + 2].text] == nil {
            reader.program.aliases[reader.tokens[j + 2].text] = reader.tokens[j].text
          }
          j += 3
        } else {
          j += 1
        }
      }
      reader.pos = close + 1
    }
    while !reader.atEnd, !reader.isPunct(";"), !reader.token.newlineBeforeStatement(reader) { reader.pos += 1 }
    _ = reader.eat(";")
  }

  /// `export default <expression>`: recorded as the file's default export.
  func readDefaultExport(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) -> [SourceValue] {
    let t = reader.token
    if t.isIdent("function") || t.isIdent("class") || t.isIdent("async") && reader.peek().isIdent("function") {
      return reader.statement(env: &env)
    }
    let value = reader.expression(env: &env)
    reader.program.declareDefault(value, of: reader.file)
    _ = reader.eat(";")
    return []
  }

  /// `enum Name { A = "a", B, C = 3 }` (also `const enum`): the members are `Name.A`, ...
  /// (a member without a value is its number, as TypeScript numbers them).
  func readEnum(_ reader: ChainEvaluator, env: inout ChainEvaluator.Env) {
    reader.pos += 1
    guard reader.token.kind == .identifier else { return }
    let name = reader.token.text
    reader.pos += 1
    guard reader.isPunct("{"), let close = reader.matching(reader.pos) else {
      reader.skipDeclaration()
      return
    }
    reader.pos += 1
    var next = 0
    let savedLimit = reader.limit
    reader.limit = close
    defer {
      reader.limit = savedLimit
      reader.pos = close + 1
    }
    while !reader.atEnd {
      let before = reader.pos
      if reader.token.kind == .identifier || reader.token.kind == .string {
        let member = reader.token.text
        reader.pos += 1
        var value = SourceValue.literal(String(next))
        if reader.eat("=") {
          value = reader.expression(env: &env)
          if case .literal(let text) = value, let number = Int(text) { next = number }
        }
        next += 1
        env[name + "." + member] = value
      }
      _ = reader.eat(",")
      if reader.pos == before { reader.pos += 1 }
    }
  }
}

extension ChainToken {
  /// A token that starts a new statement after an `export { ... }` without `;` (a keyword).
  fileprivate func newlineBeforeStatement(_ reader: ChainEvaluator) -> Bool {
    kind == .identifier && ["import", "export", "const", "let", "var", "function", "class"].contains(text)
  }
}

extension ChainProgram {
  /// The module path of a file: its name without the extension, `dir` for `dir/index`.
  static func modulePaths(of file: String) -> [String] {
    var path = file
    if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") { path = String(path[..<dot]) }
    if path.hasSuffix("/index") { return [path, String(path.dropLast("/index".count))] }
    return [path]
  }

  func declareDefault(_ value: SourceValue, of file: String) {
    if case .unknown = value { return }
    for path in Self.modulePaths(of: file) where defaults[path] == nil { defaults[path] = value }
  }

  /// The default export of the module `spec` imports from `file` (a relative path), if known.
  func defaultExport(of spec: String, from file: String) -> SourceValue? {
    guard spec.hasPrefix(".") else { return nil }
    var parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
    for part in spec.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(String(part))
      }
    }
    let path = parts.joined(separator: "/")
    return Self.modulePaths(of: path).lazy.compactMap { self.defaults[$0] }.first ?? defaults[path]
  }
}
