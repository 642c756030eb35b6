/// Methods on `set`. `difference`, `intersection` and `union` need a set argument;
/// `hasAll`, `hasAny` and `hasOnly` accept a set or a list.
enum SetMethods {
  static func call(_ items: [RulesValue], _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    switch name {
    case "size":
      try Arguments.expect(args, count: 0, name)
      return .int(Int64(items.count))
    case "difference":
      let other = Set(try setArgument(args, name))
      return .set(items.filter { !other.contains($0) })
    case "intersection":
      let other = Set(try setArgument(args, name))
      return .set(items.filter(other.contains))
    case "union":
      return try ValueSize.checked(.set(ListMethods.unique(items + (try setArgument(args, name)))))
    case "hasAll":
      let members = Set(items)
      return .bool(try collectionArgument(args, name).allSatisfy(members.contains))
    case "hasAny":
      let members = Set(items)
      return .bool(try collectionArgument(args, name).contains(where: members.contains))
    case "hasOnly":
      let allowed = Set(try collectionArgument(args, name))
      return .bool(items.allSatisfy(allowed.contains))
    default:
      throw .functionNotFound(name)
    }
  }

  /// `Unsupported operation error. Received: set.difference(list). Expected: set.difference(set).`
  private static func setArgument(_ args: [RulesValue], _ name: String) throws(EvalError) -> [RulesValue] {
    guard args.count == 1 else { throw .functionNotFound(name) }
    guard case .set(let other) = args[0] else { throw .badArguments("set", name, args, expected: "set") }
    return other
  }

  private static func collectionArgument(_ args: [RulesValue], _ name: String) throws(EvalError) -> [RulesValue] {
    guard args.count == 1 else { throw .functionNotFound(name) }
    switch args[0] {
    case .set(let other), .list(let other): return other
    default: throw .badArguments("set", name, args, expected: "set|list")
    }
  }
}
