import RulesLanguage

/// Names the keys behind a failed `hasOnly`, `hasAll`, `hasAny` or `keys()` comparison.
enum KeyCheck {
  static func problem(_ node: ExprTrace, source: SourceFile) -> String? {
    // The whole source text: the snippet form is cut, and the method name comes last.
    let text = source.text(in: node.range)
    let operands = node.children.compactMap { child -> [RulesValue]? in
      if case .value(let value) = child.value { return elements(value) }
      return nil
    }
    guard node.value.isFalse, operands.count == 2 else { return nil }
    let (have, allowed) = (operands[0], operands[1])
    if text.contains(".hasOnly(") {
      return describe("extra", have.filter { !allowed.contains($0) })
    }
    if text.contains(".hasAll(") {
      return describe("missing", allowed.filter { !have.contains($0) })
    }
    if text.contains(".hasAny(") {
      return "none of \(ValueText.render(.list(allowed))) is present"
    }
    if text.contains("keys()") && (text.contains("==") || text.contains("!=")) {
      let extra = describe("extra", have.filter { !allowed.contains($0) })
      let missing = describe("missing", allowed.filter { !have.contains($0) })
      return [extra, missing].compactMap { $0 }.joined(separator: "; ").nilIfEmpty
    }
    return nil
  }

  /// The elements of a list or set.
  static func elements(_ value: RulesValue) -> [RulesValue]? {
    switch value {
    case .list(let items), .set(let items): items
    default: nil
    }
  }

  /// "extra key: `role`", "missing keys: `a`, `b`"; nil when there are none.
  static func describe(_ what: String, _ keys: [RulesValue]) -> String? {
    guard !keys.isEmpty else { return nil }
    let names = keys.map { key in
      if case .string(let name) = key { return "`\(name)`" }
      return ValueText.render(key)
    }
    return "\(what) key\(keys.count == 1 ? "" : "s"): " + names.joined(separator: ", ")
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
