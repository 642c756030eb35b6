import SwiftSyntax

extension SwiftQueryEvaluator {
  /// A property declared `Query` (`lazy var feed: Query = { ... }()`, `let open: Query = ...`)
  /// holds a query the app runs: when no query Flint lists starts from it (it is read through
  /// a protocol, handed to code Flint does not follow, or read nowhere), it is listed where it is
  /// built, as a query handed to an unknown function is listed where it is handed over. A
  /// `CollectionReference` property is a reference, never listed on its own.
  func reportUnseenQueryProperties(in trees: [(name: String, text: String, tree: SourceFileSyntax)]) {
    var read: Set<SyntaxIdentifier> = []
    for name in index.properties.keys.sorted() {
      guard let entry = index.properties[name], entry.declaredType == "Query",
        case .expression(let expression) = entry.property, read.insert(expression.id).inserted,
        let file = trees.first(where: { $0.tree.id == expression.root.id })
      else { continue }
      guard case .query(let states)? = property(name, SwiftEvaluationContext(currentType: entry.type)),
        states.allSatisfy({ $0.problem == nil && !$0.steps.isEmpty }),
        !states.contains(where: isListed)
      else { continue }
      begin(file: file.name, text: file.text)
      findings.report(.query(states), place: place(expression), language: .swift, text: expression.trimmedDescription)
    }
  }

  /// Whether a listed query starts from `state`: its collection and scope, then its steps.
  private func isListed(_ state: QueryState) -> Bool {
    findings.extraction.queries.contains {
      $0.scope == state.scope && $0.collection == state.path.last && $0.steps.starts(with: state.steps)
    }
  }
}
