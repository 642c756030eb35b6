import SwiftSyntax

/// What one Swift module declares that a query may name: string constants, stored properties,
/// enum raw values and static properties (by plain and `Type.name` names), and functions or
/// computed properties that return a query.
final class SwiftModuleIndex: SyntaxVisitor {
  enum Property {
    case expression(ExprSyntax)
    case string(String)
    /// A computed property's getter.
    case getter(CodeBlockItemListSyntax)
  }

  /// By `Type.name`, and by plain name when only one declaration has that name (two types with
  /// a `feedQuery` each: the plain name resolves to neither, never to a guess).
  var properties: [String: Property] = [:]
  var functions: [String: [FunctionDeclSyntax]] = [:]
  private var ambiguous: Set<String> = []
  private var types: [(name: String, stringEnum: Bool)] = []

  init() { super.init(viewMode: .sourceAccurate) }

  private func record(_ name: String, _ property: Property) {
    if !ambiguous.contains(name) {
      if properties[name] == nil {
        properties[name] = property
      } else {
        properties[name] = nil
        ambiguous.insert(name)
      }
    }
    if let type = types.last?.name, properties["\(type).\(name)"] == nil { properties["\(type).\(name)"] = property }
  }

  private func enter(_ name: String, _ inheritance: InheritanceClauseSyntax?) {
    let stringEnum = inheritance?.inheritedTypes.contains { $0.type.trimmedDescription == "String" } ?? false
    types.append((name, stringEnum))
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, node.inheritanceClause)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, node.inheritanceClause)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, node.inheritanceClause)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, node.inheritanceClause)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    types.append((node.extendedType.trimmedDescription, false))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

  override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
    if let raw = node.rawValue?.value.as(StringLiteralExprSyntax.self), let text = SwiftQueryEvaluator.literal(raw) {
      record(node.name.text, .string(text))
    } else if types.last?.stringEnum == true, node.parameterClause == nil {
      record(node.name.text, .string(node.name.text))
    }
    return .skipChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    // Only declarations outside function bodies: a type's members or the file's globals.
    guard
      node.parent?.is(MemberBlockItemSyntax.self) == true
        || node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
    else { return .skipChildren }
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
      if let value = binding.initializer?.value {
        record(name, .expression(value))
      } else if let accessors = binding.accessorBlock {
        switch accessors.accessors {
        case .getter(let body): record(name, .getter(body))
        case .accessors(let list):
          if let get = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), let body = get.body {
            record(name, .getter(body.statements))
          }
        }
      }
    }
    return .skipChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    functions[node.name.text, default: []].append(node)
    return .skipChildren
  }
}

/// The bodies of one file that run code: functions, initializers, accessors, top-level code.
final class SwiftBodyCollector: SyntaxVisitor {
  /// Each body, with the name of its function (nil for initializers, accessors, top-level code).
  var bodies: [(function: String?, type: String?, parameters: Set<String>, items: [CodeBlockItemSyntax])] = []
  private var types: [String] = []

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
    types.append(node.extendedType.trimmedDescription)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }
  /// Every name the file refers to (`postsBy(...)`, `self.postsBy(...)`): a function of the
  /// module whose name is never referred to is called from elsewhere.
  var referenced: Set<String> = []

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    referenced.insert(node.baseName.text)
    return .visitChildren
  }

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
    // Top-level code and globals (`let snapshot = try await db.collection(...).getDocuments()`).
    let topLevel = node.statements.filter { item in
      if case .decl(let decl) = item.item { return decl.is(VariableDeclSyntax.self) }
      return true
    }
    if !topLevel.isEmpty { bodies.append((nil, nil, [], Array(topLevel))) }
    return .visitChildren
  }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body {
      bodies.append((node.name.text, types.last, Self.names(node.signature.parameterClause), Array(body.statements)))
    }
    return .visitChildren
  }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body {
      bodies.append((nil, types.last, Self.names(node.signature.parameterClause), Array(body.statements)))
    }
    return .visitChildren
  }
  override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body { bodies.append((nil, types.last, [], Array(body.statements))) }
    return .visitChildren
  }
  override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    if case .getter(let body) = node.accessorBlock?.accessors { bodies.append((nil, types.last, [], Array(body))) }
    return .visitChildren
  }
  private static func names(_ clause: FunctionParameterClauseSyntax) -> Set<String> {
    Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
  }

  /// Initial values of a type's stored properties (`lazy var listener = query.addSnapshotListener { ... }`).
  var initializers: [ExprSyntax] = []

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.parent?.is(MemberBlockItemSyntax.self) == true {
      initializers += node.bindings.compactMap { $0.initializer?.value }
    }
    return .visitChildren
  }

  // Closures are walked with the code around them.
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .visitChildren }
}
