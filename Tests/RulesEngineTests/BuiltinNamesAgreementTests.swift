import RulesLanguage
import Testing

@testable import RulesEngine

/// `flint check` accepts names from `BuiltinNames` (RulesLanguage); the engine dispatches in
/// `Builtins` (RulesEngine). The two lists are kept apart by the layering, so this pins them
/// together: every name the checks accept must be one the engine implements, and every name
/// they call unsupported (a warning: it deploys, then fails) must be one the engine refuses with `Function not found`.
@Suite struct BuiltinNamesAgreementTests {
  /// Whether the engine knows the function: any outcome but `Function not found`.
  private func engineKnows(_ call: () throws -> RulesValue) -> Bool {
    guard let message = errorMessage(call) else { return true }
    return !message.hasPrefix("Function not found")
  }

  /// Plausible arguments: nulls fail with a type error, which still proves dispatch.
  private func arguments(_ function: BuiltinFunction) -> [RulesValue] {
    Array(repeating: .null, count: function.arity.lowerBound)
  }

  @Test func namespaceMembers() {
    for (namespace, members) in BuiltinNames.namespaces {
      for function in members.values {
        let known = engineKnows { try Builtins.callNamespaceFunction(namespace, function.name, arguments(function)) }
        switch function.status {
        case .supported, .emulatorOnly:
          #expect(known, "checks accept \(namespace).\(function.name); the engine lacks it")
        case .unsupported: #expect(!known, "checks reject \(namespace).\(function.name); the engine has it")
        }
      }
    }
  }

  @Test func valueFunctions() {
    // get/exists/getAfter/existsAfter/debug need the request context: the evaluator's.
    let contextual = LookupFunction.names.union(["debug"])
    for function in BuiltinNames.globalFunctions.values where !contextual.contains(function.name) {
      let known = engineKnows { try Builtins.callGlobalFunction(function.name, arguments(function)) }
      switch function.status {
      case .supported, .emulatorOnly: #expect(known, "checks accept \(function.name)(); the engine lacks it")
      case .unsupported: #expect(!known, "checks reject \(function.name)(); the engine has it")
      }
    }
    #expect(Builtins.globalFunctions.isSubset(of: Set(BuiltinNames.globalFunctions.keys)))
  }

  @Test func everyMethodNameBelongsToSomeType() {
    let receivers: [RulesValue] = [
      .string("a"), .bytes([1]), .list([]), .set([]), .map([:]), .mapDiff(MapDiff(left: [:], right: [:])),
      .path(RulesPath(segments: ["a"])), .timestamp(.init(seconds: 0)), .duration(.init(seconds: 0, nanos: 0)),
      .latlng(.init(latitude: 0, longitude: 0)),
    ]
    for name in BuiltinNames.methods {
      let known = receivers.contains { receiver in
        (0...3).contains { count in
          engineKnows { try Builtins.callMethod(receiver, name, Array(repeating: .null, count: count)) }
        }
      }
      #expect(known, "checks know the method \(name); no value type in the engine has it")
    }
  }
}
