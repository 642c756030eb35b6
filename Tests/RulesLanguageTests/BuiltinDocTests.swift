import Testing

@testable import RulesLanguage

/// Hover and completion read the docs in `BuiltinNames`, the table the checks consult: every
/// built-in the checks know must be documented under its own name.
@Suite("Built-in docs")
struct BuiltinDocTests {
  @Test("every global function and namespace member has a signature naming it and a summary")
  func functions() {
    for (name, function) in BuiltinNames.globalFunctions {
      #expect(function.doc.signature.hasPrefix("\(name)("), "\(name): \(function.doc.signature)")
      #expect(!function.doc.summary.isEmpty, "\(name)")
    }
    for (namespace, members) in BuiltinNames.namespaces {
      for (name, function) in members {
        #expect(function.doc.signature.hasPrefix("\(namespace).\(name)("), "\(namespace).\(name)")
        #expect(!function.doc.summary.isEmpty, "\(namespace).\(name)")
      }
    }
    #expect(Set(BuiltinNames.namespaceSummaries.keys) == Set(BuiltinNames.namespaces.keys))
    #expect(BuiltinNames.namespaceSummaries.values.allSatisfy { !$0.isEmpty })
  }

  @Test("every method the checks accept has a signature naming it and a summary")
  func methods() {
    #expect(BuiltinNames.methods.count == 45)
    for name in BuiltinNames.methods {
      let doc = BuiltinNames.methodDocs[name]
      #expect(doc.map { $0.signature.hasPrefix("\(name)(") || $0.signature.contains(".\(name)(") } == true, "\(name)")
      #expect(doc?.summary.isEmpty == false, "\(name)")
    }
  }

  @Test("the global variables are the documented undotted names; every property's owner is documented")
  func variables() {
    for service in RulesService.known {
      #expect(service.globalVariables == ["request", "resource"])
      for (name, property) in service.properties {
        #expect(property.doc.signature.hasPrefix(name), "\(name)")
        #expect(!property.doc.summary.isEmpty, "\(name)")
        if let dot = name.lastIndex(of: ".") {
          #expect(service.properties[String(name[..<dot])] != nil, "\(name) has no documented owner")
        }
      }
    }
  }

  @Test("hover text is the signature in a code block, then the summary")
  func markdown() {
    let doc = BuiltinDoc("math.abs(number) -> number", "The absolute value.")
    #expect(doc.markdown == "```\nmath.abs(number) -> number\n```\nThe absolute value.")
  }
}
