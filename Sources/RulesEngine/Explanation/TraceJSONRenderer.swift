import FirestoreModel
import RulesLanguage

/// Renders explanations as JSON (one line, keys in a fixed order, values in the typed form
/// of `RulesValue.typedJSON`). Positions are 1-based lines and columns in characters.
package enum TraceJSONRenderer {
  /// A decision as JSON text.
  package static func render(_ decision: Decision, source: SourceFile) -> String {
    json(decision, source: source).text(.spaced)
  }

  /// A decision as a JSON tree (for embedding in larger documents).
  package static func json(_ decision: Decision, source: SourceFile) -> JSONValue {
    let trace = decision.trace
    var members: [(String, JSONValue)] = [
      ("allowed", .bool(decision.allowed)),
      ("method", .string(trace.method.rawValue)),
      ("path", .string(trace.path)),
      ("summary", .string(trace.summary)),
    ]
    if let problem = trace.requestProblem { members.append(("requestProblem", .string(problem))) }
    if let breach = trace.limitBreach { members.append(("limitBreach", .string(breach))) }
    if let nearest = trace.nearestMatch {
      members.append(
        (
          "nearestMatch",
          .object([
            ("pattern", .string(nearest.pattern)), ("line", .int(source.location(of: nearest.range.start).line)),
            ("differences", .array(nearest.differences.map { .string($0) })),
          ])
        ))
    }
    members.append(("matches", .array(trace.matches.map { match(of: $0, source: source) })))
    members.append(("allows", .array(trace.allows.map { allow(of: $0, source: source) })))
    members.append(
      (
        "lookups",
        .array(
          trace.lookups.map { lookup in
            .object([
              ("function", .string(lookup.function)), ("path", .string(lookup.path.description)),
              ("found", .bool(lookup.found)), ("charged", .bool(lookup.charged)),
            ])
          })
      ))
    members.append(("debug", .array(trace.debugOutputs.map { debugOutput(of: $0, source: source) })))
    return .object(members)
  }

  /// One evaluated expression tree as JSON.
  package static func json(_ node: ExprTrace, source: SourceFile) -> JSONValue {
    var members: [(String, JSONValue)] = [("kind", .string(kindName(node.kind)))]
    switch node.kind {
    case .call(let name), .functionBody(let name), .letBinding(let name), .lookup(let name):
      members.append(("name", .string(name)))
    default:
      break
    }
    members.append(("text", .string(source.text(in: node.range))))
    members.append(contentsOf: position(node.range, source: source))
    members.append(contentsOf: value(node.value))
    if !node.children.isEmpty {
      members.append(("children", .array(node.children.map { json($0, source: source) })))
    }
    return .object(members)
  }

  private static func match(of match: MatchTrace, source: SourceFile) -> JSONValue {
    .object([
      ("pattern", .string(match.pattern)),
      ("line", .int(source.location(of: match.range.start).line)),
      (
        "bindings",
        .array(
          match.bindings.map { binding in
            .object([("name", .string(binding.name)), ("value", binding.value.map(\.typedJSONValue) ?? .null)])
          })
      ),
    ])
  }

  private static func allow(of allow: AllowTrace, source: SourceFile) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("match", .int(allow.matchIndex)),
      ("line", .int(allow.line)),
      ("methods", .array(allow.methods.map { .string($0.rawValue) })),
      ("outcome", .string(outcomeName(allow.outcome))),
    ]
    if let reason = allow.outcome.reasonText { members.append(("message", .string(reason))) }
    if let later = allow.alsoGrants {
      // Not evaluated for the decision (an earlier allow granted), but grants on its own.
      var grant: [(String, JSONValue)] = []
      if let expression = later.expression { grant.append(("expression", json(expression, source: source))) }
      members.append(("alsoGrants", .object(grant)))
    }
    if let expression = allow.expression {
      if let culprit = expression.failureChain.last {
        var failure = position(culprit.range, source: source)
        failure.append(("text", .string(source.text(in: culprit.range))))
        failure.append(contentsOf: value(culprit.value))
        members.append(("failure", .object(failure)))
      }
      members.append(("expression", json(expression, source: source)))
    }
    return .object(members)
  }

  private static func debugOutput(of output: DebugOutput, source: SourceFile) -> JSONValue {
    var members = position(output.range, source: source)
    members.append(contentsOf: value(output.value))
    members.append(("text", .string(output.text)))
    return .object(members)
  }

  private static func position(_ range: SourceRange, source: SourceFile) -> [(String, JSONValue)] {
    let start = source.location(of: range.start)
    let end = source.location(of: range.end)
    return [
      ("line", .int(start.line)), ("column", .int(start.column)),
      ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
    ]
  }

  private static func value(_ value: TraceValue) -> [(String, JSONValue)] {
    switch value {
    case .value(let value): [("value", value.typedJSONValue)]
    case .error(let error): [("error", .string(error.message))]
    case .notEvaluated: [("evaluated", .bool(false))]
    }
  }

  static func outcomeName(_ outcome: AllowOutcome) -> String {
    switch outcome {
    case .granted: "granted"
    case .denied: "denied"
    case .notBoolean: "notBoolean"
    case .error: "error"
    case .needsQueryConstraints: "needsQueryConstraints"
    case .limitExceeded: "limitExceeded"
    case .notEvaluated: "notEvaluated"
    }
  }

  static func kindName(_ kind: TraceNodeKind) -> String {
    switch kind {
    case .expression: "expression"
    case .and: "and"
    case .or: "or"
    case .not: "not"
    case .ternary: "ternary"
    case .call: "call"
    case .functionBody: "functionBody"
    case .letBinding: "let"
    case .debug: "debug"
    case .lookup: "lookup"
    }
  }
}

extension Decision {
  /// The JSON explanation of this decision (see `TraceJSONRenderer`).
  package func explanationJSON(source: SourceFile) -> String {
    TraceJSONRenderer.render(self, source: source)
  }
}
