/// Name lookups for the checks without hashing.
///
/// The checks look a name up for every identifier, member and call in a file; hashing a
/// `String` costs several hundred instructions, while the sets involved are small (the
/// built-in tables, a function's parameters and `let`s, a nest's wildcards). Both types
/// here give exactly the answers of `Set`/`Dictionary`, which compare keys with `==`.

/// A fixed set of names, bucketed by UTF-8 length: a probe compares only against names of
/// its own length.
struct NameSet: Sendable {
  private let buckets: [[String]]
  private let all: Set<String>
  /// Two ASCII strings are equal exactly when their bytes are, so for ASCII probes of an
  /// all-ASCII set the length buckets are complete; anything else asks the real set.
  private let isASCII: Bool

  init(_ names: some Sequence<String>) {
    let all = Set(names)
    var buckets: [[String]] = []
    for name in all.sorted() {
      let length = name.utf8.count
      while buckets.count <= length { buckets.append([]) }
      buckets[length].append(name)
    }
    self.all = all
    self.buckets = buckets
    self.isASCII = all.allSatisfy(NameSet.isASCII)
  }

  func contains(_ name: String) -> Bool {
    let length = name.utf8.count
    if length < buckets.count {
      for candidate in buckets[length] where candidate == name { return true }
    }
    if isASCII && NameSet.isASCII(name) { return false }
    return all.contains(name)
  }

  /// Every non-ASCII scalar takes more UTF-8 bytes than UTF-16 units, so the counts agree
  /// exactly for ASCII text (and both are O(1) for native ASCII strings).
  static func isASCII(_ name: String) -> Bool {
    name.utf8.count == name.utf16.count
  }
}

/// A small name → value map: a list searched linearly while it holds at most
/// `linearLimit` names, a dictionary past that (so a pathological scope stays linear).
/// Setting an existing name replaces its value, as in a dictionary.
struct SmallNameMap<Value> {
  static var linearLimit: Int { 16 }

  private var list: [(name: String, value: Value)] = []
  private var dictionary: [String: Value]?

  init() {}

  var isEmpty: Bool { dictionary?.isEmpty ?? list.isEmpty }

  /// The names, in no particular order (like `Dictionary.keys`).
  var names: [String] { dictionary.map { Array($0.keys) } ?? list.map(\.name) }

  subscript(name: String) -> Value? {
    get {
      if let dictionary { return dictionary[name] }
      for entry in list where entry.name == name { return entry.value }
      return nil
    }
    set {
      guard let newValue else {
        if dictionary != nil {
          dictionary![name] = nil
        } else if let index = list.firstIndex(where: { $0.name == name }) {
          list.remove(at: index)
        }
        return
      }
      if dictionary != nil {
        dictionary![name] = newValue
        return
      }
      if let index = list.firstIndex(where: { $0.name == name }) {
        list[index].value = newValue
        return
      }
      list.append((name, newValue))
      if list.count > Self.linearLimit {
        dictionary = Dictionary(list, uniquingKeysWith: { _, last in last })
        list = []
      }
    }
  }
}

extension SmallNameMap: Sendable where Value: Sendable {}

extension RulesService {
  /// `globalVariables` as a `NameSet`.
  var globalVariableSet: NameSet { kind == .firestore ? Self.firestoreSets.variables : Self.storageSets.variables }
  /// The keys of `namespaces` as a `NameSet`.
  var namespaceSet: NameSet { kind == .firestore ? Self.firestoreSets.namespaces : Self.storageSets.namespaces }
  /// The keys of `functions` as a `NameSet`.
  var functionSet: NameSet { kind == .firestore ? Self.firestoreSets.functions : Self.storageSets.functions }

  private static let firestoreSets = NameSets(firestore)
  private static let storageSets = NameSets(storage)

  /// A service's names as `NameSet`s, built once.
  private struct NameSets: Sendable {
    var variables: NameSet
    var namespaces: NameSet
    var functions: NameSet

    init(_ service: RulesService) {
      variables = NameSet(service.globalVariables)
      namespaces = NameSet(service.namespaces.keys)
      functions = NameSet(service.functions.keys)
    }
  }
}

extension BuiltinNames {
  /// `methods` as a `NameSet`.
  static let methodSet = NameSet(methods)
  /// `typeNames` as a `NameSet`.
  static let typeNameSet = NameSet(typeNames)
}
