/// Methods on `list`. Membership tests use rules equality (`1 == 1.0`).
enum ListMethods {
  static func call(_ items: [RulesValue], _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    switch name {
    case "size":
      try Arguments.expect(args, count: 0, name)
      return .int(Int64(items.count))
    case "toSet":
      try Arguments.expect(args, count: 0, name)
      return .set(unique(items))
    case "concat":
      return try ValueSize.checked(.list(items + (try listArgument(args, name))))
    case "hasAll":
      let members = Set(items)
      return .bool(try listArgument(args, name).allSatisfy(members.contains))
    case "hasAny":
      let members = Set(items)
      return .bool(try listArgument(args, name).contains(where: members.contains))
    case "hasOnly":
      let allowed = Set(try listArgument(args, name))
      return .bool(items.allSatisfy(allowed.contains))
    case "removeAll":
      let removed = Set(try listArgument(args, name))
      return .list(items.filter { !removed.contains($0) })
    case "join":
      guard args.count == 1 else { throw .functionNotFound(name) }
      guard case .string(let separator) = args[0] else { throw .badArguments("list", name, args, expected: "string") }
      var parts: [String] = []
      var length = separator.utf8.count * max(0, items.count - 1)
      for item in items {
        guard case .string(let part) = item else {
          throw EvalError("Unsupported operation error. list.join() needs string elements, found \(item.typeName).")
        }
        parts.append(part)
        length += part.utf8.count
      }
      try ValueSize.check(byteCount: length)
      return .string(parts.joined(separator: separator))
    default:
      throw .functionNotFound(name)
    }
  }

  /// The elements without duplicates under rules equality, first occurrence kept, in order.
  static func unique(_ items: [RulesValue]) -> [RulesValue] {
    var seen = Set<RulesValue>()
    return items.filter { seen.insert($0).inserted }
  }

  /// The single list argument of `concat`, `hasAll`, ... (a set is not accepted).
  private static func listArgument(_ args: [RulesValue], _ name: String) throws(EvalError) -> [RulesValue] {
    guard args.count == 1 else { throw .functionNotFound(name) }
    guard case .list(let other) = args[0] else { throw .badArguments("list", name, args, expected: "list") }
    return other
  }
}
