import SwiftSyntax

/// What one Swift module declares that a query may name: string constants, stored properties,
/// enum raw values and static properties (by plain, `Type.name` and `Outer.Inner.name` names,
/// extensions of a type in any file included), and functions, with the type each is declared in.
final class SwiftModuleIndex: SyntaxVisitor {
  enum Property {
    case expression(ExprSyntax)
    case string(String)
    /// A computed property's getter.
    case getter(CodeBlockItemListSyntax)
    /// A stored property of an SDK type with no initial value (`let db: Firestore`, set elsewhere).
    case typed(String)
    /// A stored property with no initial value, set by initializers of its type (`self.ref = ...`):
    /// each value with the names of its initializer's parameters.
    case assigned([(value: ExprSyntax, parameters: [(name: String, type: String?)])])
  }

  /// A property, the type it is declared in (its initializer's names are looked up there), and
  /// its SDK type if it declares one (`Query`, `CollectionReference`, ...).
  struct Entry {
    var property: Property
    var type: String?
    var declaredType: String?
  }

  /// A function and the type it is declared in (an extension's extended type).
  struct Function {
    var decl: FunctionDeclSyntax
    var type: String?

    /// Whether a call with `count` arguments can call it (parameters with defaults may be left out).
    func accepts(_ count: Int) -> Bool {
      let parameters = decl.signature.parameterClause.parameters
      let required = parameters.filter { $0.defaultValue == nil }.count
      return count >= required && count <= parameters.count
    }
  }

  /// By `Type.name`, and by plain name when only one declaration has that name (two types with
  /// a `feedQuery` each: the plain name resolves to neither, never to a guess).
  var properties: [String: Entry] = [:]
  var functions: [String: [Function]] = [:]
  private var ambiguous: Set<String> = []
  private var types: [(name: String, stringEnum: Bool)] = []

  /// The SDK types whose extension methods are called on a value of theirs, as `self`.
  static let sdkTypes: Set<String> = ["Query", "CollectionReference", "Firestore", "DocumentReference"]

  init() { super.init(viewMode: .sourceAccurate) }

  /// The function `name` a call with `count` arguments calls, one of `type` first (never an
  /// extension method of an SDK type: those are called on a value, see `extensionMethod`).
  func function(_ name: String, arguments count: Int, preferring type: String?) -> Function? {
    guard let candidates = functions[name] else { return nil }
    let fitting = candidates.filter { $0.accepts(count) && !Self.sdkTypes.contains($0.type ?? "") }
    return fitting.first { $0.type == type } ?? fitting.first
  }

  /// A method of an extension of the SDK type `value` has (`extension Query { func whereBook(_:)
  /// -> Query }`, `extension Firestore { func usersCollection() -> CollectionReference }`).
  func extensionMethod(_ name: String, on value: SourceValue, arguments count: Int) -> Function? {
    let types: Set<String>
    switch value {
    case .query: types = ["Query", "CollectionReference"]
    case .document(let path): types = path.isEmpty ? ["Firestore"] : ["DocumentReference"]
    default: return nil
    }
    return functions[name]?.first { types.contains($0.type ?? "") && $0.accepts(count) }
  }

  /// An extended type's name, without the SDK's module (`FirebaseFirestore.Query` is `Query`).
  static func typeName(_ type: TypeSyntax) -> String {
    let text = type.trimmedDescription
    return text.hasPrefix("FirebaseFirestore.") ? String(text.dropFirst("FirebaseFirestore.".count)) : text
  }

  private var qualifiedType: String? {
    types.isEmpty ? nil : types.map(\.name).joined(separator: ".")
  }

  private func record(_ name: String, _ entry: Entry) {
    if !ambiguous.contains(name) {
      if properties[name] == nil {
        properties[name] = entry
      } else {
        properties[name] = nil
        ambiguous.insert(name)
      }
    }
    guard let type = types.last?.name, let qualified = qualifiedType else { return }
    if properties["\(type).\(name)"] == nil { properties["\(type).\(name)"] = entry }
    if qualified != type, properties["\(qualified).\(name)"] == nil { properties["\(qualified).\(name)"] = entry }
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
    types.append((Self.typeName(node.extendedType), false))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

  override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
    if let raw = node.rawValue?.value.as(StringLiteralExprSyntax.self), let text = raw.representedLiteralValue {
      record(node.name.text, Entry(property: .string(text), type: qualifiedType))
    } else if types.last?.stringEnum == true, node.parameterClause == nil {
      record(node.name.text, Entry(property: .string(node.name.text), type: qualifiedType))
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
      let declared = SwiftSurface.firestoreType(binding.typeAnnotation?.type)
      let entry = { (property: Property) in Entry(property: property, type: self.qualifiedType, declaredType: declared)
      }
      if let value = binding.initializer?.value {
        record(name, entry(.expression(value)))
      } else if let accessors = binding.accessorBlock {
        switch accessors.accessors {
        case .getter(let body): record(name, entry(.getter(body)))
        case .accessors(let list):
          if let get = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), let body = get.body {
            record(name, entry(.getter(body.statements)))
          }
        }
      } else {
        if let type = qualifiedType { unset["\(type).\(name)"] = (name, type, declared) }
        if let declared { record(name, entry(.typed(declared))) }
      }
    }
    return .skipChildren
  }

  /// `name = value` and `self.name = value` at the top of an initializer: the value of a stored
  /// property declared without one.
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let type = qualifiedType, let body = node.body else { return .skipChildren }
    let parameters = SwiftBodyCollector.parameters(node.signature.parameterClause)
    for item in body.statements {
      guard let assignment = SwiftQueryEvaluator.expression(of: item)?.as(InfixOperatorExprSyntax.self),
        assignment.operator.is(AssignmentExprSyntax.self),
        let name = Self.assignedName(assignment.leftOperand, parameters: parameters)
      else { continue }
      assignments["\(type).\(name)", default: []].append((assignment.rightOperand, parameters))
    }
    return .skipChildren
  }

  /// Values assigned by initializers, by `Type.name`; see `finish()`.
  private var assignments: [String: [(value: ExprSyntax, parameters: [(name: String, type: String?)])]] = [:]
  /// Stored properties declared without a value, by `Type.name`, with their declared SDK type.
  private var unset: [String: (name: String, type: String?, declaredType: String?)] = [:]

  /// Gives each stored property declared without a value the values its type's initializers
  /// assign it (call after walking every file: an extension may hold the initializer).
  func finish() {
    for (qualified, property) in unset {
      guard let values = assignments[qualified] else { continue }
      let entry = Entry(property: .assigned(values), type: property.type, declaredType: property.declaredType)
      properties[qualified] = entry
      if let last = property.type?.split(separator: ".").last, properties["\(last).\(property.name)"] != nil {
        properties["\(last).\(property.name)"] = entry
      }
      if properties[property.name] != nil, !ambiguous.contains(property.name) { properties[property.name] = entry }
    }
  }

  private static func assignedName(_ expr: ExprSyntax, parameters: [(name: String, type: String?)]) -> String? {
    if let ref = expr.as(DeclReferenceExprSyntax.self) {
      let name = ref.baseName.text
      return parameters.contains { $0.name == name } ? nil : name
    }
    if let access = expr.as(MemberAccessExprSyntax.self),
      access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      return access.declName.baseName.text
    }
    return nil
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    functions[node.name.text, default: []].append(Function(decl: node, type: qualifiedType))
    return .skipChildren
  }
}
