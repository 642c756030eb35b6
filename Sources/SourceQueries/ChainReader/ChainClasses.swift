/// The classes of a Dart program and the methods a call on one of their instances may reach
/// (`_repository.getNewsList(newsCollection: kNews)`, where `_repository = NewsRepository()`
/// holds an instance the reader names by its class): only the methods whose query depends on
/// what the caller passes, a parameter that names the collection or a field, or that the
/// method tests for `null`. Such a method is followed from its call sites (its queries are
/// listed there, with the caller's values) once a call passes a known value for one of those
/// parameters (or leaves out one that is then `null`); any other stays read once where it is
/// written.
struct ChainClasses {
  /// Class names of the program (a call of one makes an instance named by it).
  private(set) var names: Set<String> = []
  /// By class name: its superclass (`extends`).
  private var superclasses: [String: String] = [:]
  /// By class name, then method name: the reader index and the method.
  private var methods: [String: [String: Method]] = [:]

  /// A method that depends on its caller: the reader index, the method, and the parameters
  /// that decide its query.
  struct Method {
    var file: Int
    var function: ChainFunction
    var deciding: Set<String>
  }

  init() {}

  /// The classes of the Dart files among `readers` (their functions found already).
  init(_ readers: [ChainEvaluator]) {
    var declared: [String: Int] = [:]
    for reader in readers where reader.language == .dart {
      let tokens = reader.tokens
      // The innermost class around each token, by filling each class body in order (a nested
      // class fills its part again): the bodies are few and rarely nested, so this stays linear.
      var owner: [String?] = []
      for i in 0..<max(0, reader.limit - 1)
      where tokens[i].isIdent("class") && tokens[i + 1].kind == .identifier && (i == 0 || !tokens[i - 1].isPunct(".")) {
        let name = tokens[i + 1].text
        var j = i + 2
        var nesting = 0
        var superclass: String?
        while j < min(reader.limit, i + 200) {
          let t = tokens[j]
          if nesting == 0, t.isPunct("{") || t.isPunct(";") { break }
          if t.isPunct("<") || t.isPunct("(") { nesting += 1 }
          if t.isPunct(">") || t.isPunct(")") { nesting -= 1 }
          if nesting == 0, t.isIdent("extends"), tokens[j + 1].kind == .identifier { superclass = tokens[j + 1].text }
          j += 1
        }
        guard tokens[j].isPunct("{"), let end = reader.matching(j) else { continue }
        declared[name, default: 0] += 1
        if let superclass { superclasses[name] = superclass }
        if owner.isEmpty { owner = Array(repeating: nil, count: tokens.count) }
        for k in j..<end { owner[k] = name }
      }
      guard !owner.isEmpty else { continue }
      for (name, function) in reader.bodies {
        guard let type = owner[function.body.lowerBound] else { continue }
        let deciding = Self.deciding(function, tokens)
        if !deciding.isEmpty, methods[type]?[name] == nil {
          methods[type, default: [:]][name] = Method(file: reader.index, function: function, deciding: deciding)
        }
      }
    }
    // A class declared in two files is not known by its name.
    names = Set(declared.filter { $0.value == 1 }.keys)
    methods = methods.filter { names.contains($0.key) }
  }

  /// The method `name` an instance of `type` runs (its own or a superclass's), when it is one
  /// that depends on its caller.
  func method(_ name: String, of type: String) -> Method? {
    var current: String? = type
    var steps = 0
    while let type = current, steps < 8 {
      if let found = methods[type]?[name] { return found }
      current = superclasses[type]
      steps += 1
    }
    return nil
  }

  /// The parameters of the function that decide its query: one that is a collection or field
  /// name (`collection(name)`, `where(field, ...)`, `orderBy(field)`), one tested for `null`.
  static func deciding(_ function: ChainFunction, _ tokens: [ChainToken]) -> Set<String> {
    guard !function.parameters.isEmpty else { return [] }
    let parameters = Set(function.parameters)
    let named: Set<String> = ["collection", "collectionGroup", "where", "orderBy", "doc"]
    var found: Set<String> = []
    for k in function.body where k + 3 < tokens.count {
      let t = tokens[k]
      if t.kind == .identifier, named.contains(t.text), tokens[k + 1].isPunct("("),
        tokens[k + 2].kind == .identifier, parameters.contains(tokens[k + 2].text),
        tokens[k + 3].isPunct(")") || tokens[k + 3].isPunct(",")
      {
        found.insert(tokens[k + 2].text)
      }
      if t.kind == .identifier, parameters.contains(t.text), tokens[k + 1].isPunct("!=") || tokens[k + 1].isPunct("=="),
        tokens[k + 2].isIdent("null")
      {
        found.insert(t.text)
      }
    }
    return found
  }
}
