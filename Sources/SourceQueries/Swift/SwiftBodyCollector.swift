import SwiftSyntax

/// One body of code that runs: a function's, an initializer's, an accessor's, or the file's
/// top-level code.
struct SwiftBody {
  /// The function's name (nil for initializers, accessors, top-level code).
  var function: String?
  var type: String?
  /// Each parameter's name and SDK type, if it declares one.
  var parameters: [(name: String, type: String?)]
  var items: [CodeBlockItemSyntax]
}

/// The bodies of one file that run code, the stored properties' initial values, and every name
/// the file refers to.
final class SwiftBodyCollector: SyntaxVisitor {
  var bodies: [SwiftBody] = []
  /// Initial values of a type's stored properties (`lazy var listener = query.addSnapshotListener { ... }`).
  var initializers: [(type: String?, value: ExprSyntax)] = []
  /// Every name the file refers to (`postsBy(...)`, `self.postsBy(...)`): a function of the
  /// module whose name is never referred to is called from elsewhere.
  var referenced: Set<String> = []
  private var types: [String] = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append(SwiftModuleIndex.typeName(node.extendedType))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

  private var type: String? { types.isEmpty ? nil : types.joined(separator: ".") }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    referenced.insert(node.baseName.text)
    return .visitChildren
  }

  override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
    // Top-level code and globals (`let snapshot = try await db.collection(...).getDocuments()`).
    let topLevel = node.statements.filter { item in
      if case .decl(let decl) = item.item { return decl.is(VariableDeclSyntax.self) }
      return true
    }
    if !topLevel.isEmpty { bodies.append(SwiftBody(function: nil, type: nil, parameters: [], items: Array(topLevel))) }
    return .visitChildren
  }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body {
      bodies.append(
        SwiftBody(
          function: node.name.text, type: type, parameters: Self.parameters(node.signature.parameterClause),
          items: Array(body.statements)))
    }
    return .visitChildren
  }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body {
      bodies.append(
        SwiftBody(
          function: nil, type: type, parameters: Self.parameters(node.signature.parameterClause),
          items: Array(body.statements)))
    }
    return .visitChildren
  }
  override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body {
      bodies.append(SwiftBody(function: nil, type: type, parameters: [], items: Array(body.statements)))
    }
    return .visitChildren
  }
  override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    if case .getter(let body) = node.accessorBlock?.accessors {
      bodies.append(SwiftBody(function: nil, type: type, parameters: [], items: Array(body)))
    }
    return .visitChildren
  }
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.parent?.is(MemberBlockItemSyntax.self) == true {
      initializers += node.bindings.compactMap { binding in binding.initializer.map { (type: type, value: $0.value) } }
    }
    return .visitChildren
  }

  static func parameters(_ clause: FunctionParameterClauseSyntax) -> [(name: String, type: String?)] {
    clause.parameters.map { (($0.secondName ?? $0.firstName).text, SwiftSurface.firestoreType($0.type)) }
  }
}
