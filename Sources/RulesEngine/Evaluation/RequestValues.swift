import FirestoreModel

/// The `request` global (spec §5.1) with the availability matrix of §5.3: `query` only on
/// `list`, `resource` only on `create`/`update`; absent properties are errors when read.
extension EvaluationContext {
  /// The names `request` has for this request's method.
  private var requestFieldNames: [String] {
    guard let request else { return [] }
    if service.kind == .storage {
      return methodDefined ? ["auth", "method", "path", "resource", "time"] : ["auth", "path", "resource", "time"]
    }
    var names = ["auth", "method", "path", "time", "params"]
    if request.method == .list { names.append("query") }
    if request.method == .create || request.method == .update { names.append("resource") }
    return names
  }

  /// The whole `request` map (built only when an expression uses `request` itself).
  func requestValue() -> Outcome {
    if let value = requestOverride { return .success(value) }
    guard request != nil else { return .failure(.variableNotFound("request")) }
    var map: [String: RulesValue] = [:]
    for name in requestFieldNames {
      if case .success(let value) = requestField(name) { map[name] = value }
    }
    return .success(.map(map))
  }

  /// `request.<name>` without building the whole map (the common, hot case).
  func requestField(_ name: String) -> Outcome {
    if let value = requestOverride { return Self.member(value, name) }
    guard let method else { return .failure(.variableNotFound("request")) }
    if name == "auth" { return .success(authValue) }
    guard let request else { return .failure(.variableNotFound("request")) }
    if service.kind == .storage { return storageRequestField(name, request) }
    switch name {
    case "method": return .success(.string(method.rawValue))
    case "path": return .success(.path(fullPath(request.path)))
    case "time": return .success(.timestamp(request.time))
    case "params": return .success(.map([:]))
    case "query" where request.method == .list:
      return .success((request.query ?? QueryDescription()).rulesValue)
    case "resource" where request.method == .create || request.method == .update:
      return .success(resourceMap(request.path, request.resourceData ?? [:]))
    default:
      return .failure(.propertyUndefined(name))
    }
  }

  /// `request.<name>` in Cloud Storage rules: no `query` or `params`; `resource` is null on
  /// reads and deletes; `method` is not documented (F5: read once, the decision is checked
  /// without it too).
  private func storageRequestField(_ name: String, _ request: Request) -> Outcome {
    switch name {
    case "path": return .success(.path(service.requestPath(request.path, in: request.database)))
    case "time": return .success(.timestamp(request.time))
    case "resource": return .success(writtenObject())
    case "method":
      readMethod = true
      return methodDefined ? .success(.string(request.method.rawValue)) : .failure(.propertyUndefined(name))
    default: return .failure(.propertyUndefined(name))
    }
  }

  /// Member access through the operators, as an outcome.
  static func member(_ base: RulesValue, _ name: String) -> Outcome {
    do {
      return .success(try Operators.member(base, name))
    } catch {
      return .failure(error)
    }
  }
}
