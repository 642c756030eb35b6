/// Which code of a Dart program nothing reaches, so that its queries are listed as dead (a team
/// can tell a dead query from a live one). Conservative: a false "dead" would hide a real
/// missing index, so only two plain cases are dead:
/// Only when the program has an entry (a file declaring `main`): a folder read without its entry
/// point may be called from files not given, and nothing in it is dead.
/// - a file no live file of the program names in an `import`, `export` or `part` directive
///   (conditional imports count every URI; a file only dead files import is dead, two files
///   importing only each other are not). Files declaring `main`
///   and files under `bin/`, `test/`, `integration_test/`, `test_driver/` and `tool/` are entries,
///   never dead. A `package:` URI names `lib/...` of any package of the program.
/// - a named function or method whose name occurs nowhere else in the program (not called, not
///   passed as a callback, not in a map, not overridden or implemented elsewhere), unless it is
///   marked `@override`, is `main`, or is one the framework calls by name (Flutter widget build
///   and lifecycle methods, BLoC handlers, `toJson`, `call`, ...).
/// Code reached only from dead code is still live (nothing is followed transitively).
/// TypeScript, Kotlin and Java code is never dead here: frameworks call their exported
/// functions and lifecycle methods by name from outside the program.
struct ChainLiveness {
  /// Files nothing imports, by reader index.
  private(set) var deadFiles: Set<Int> = []
  /// The body token ranges of functions nothing names, by reader index.
  private(set) var deadBodies: [Int: [Range<Int>]] = [:]

  /// Methods a framework calls by name (never dead when nothing in the app names them).
  static let calledByName: Set<String> = [
    "main", "build", "createState", "initState", "dispose", "didChangeDependencies", "didUpdateWidget",
    "deactivate", "activate", "reassemble", "didChangeAppLifecycleState", "didPopRoute", "didPushRoute",
    "mapEventToState", "onEvent", "onChange", "onTransition", "onError", "close", "fromJson", "toJson", "fromMap",
    "toMap", "toString", "call", "noSuchMethod", "debugFillProperties", "shouldRepaint", "paint", "performLayout",
    "createElement", "createRenderObject", "updateRenderObject", "updateShouldNotify", "handleMessage",
    "onBackgroundMessage", "backgroundHandler", "callbackDispatcher",
  ]

  /// Folders whose files run on their own (never dead for want of an import).
  static let entryFolders: Set<String> = ["bin", "test", "integration_test", "test_driver", "tool"]

  init() {}

  /// The dead code of the Dart files among `readers` (`nameCounts`: how often each identifier
  /// occurs in all the files read together). Their functions must be found already.
  init(_ readers: [ChainEvaluator], nameCounts: [String: Int]) {
    let dart = readers.filter { $0.language == .dart }
    guard !dart.isEmpty else { return }
    // Each file by its path, and by the `lib/...` tails of its path that a `package:` URI names.
    var byPath: [String: Int] = [:]
    var byPackagePath: [String: [Int]] = [:]
    var entries: Set<Int> = []
    for reader in dart {
      let path = Self.segments(reader.file)
      byPath[path.joined(separator: "/")] = reader.index
      for at in path.indices where path[at] == "lib" {
        byPackagePath[path[at...].joined(separator: "/"), default: []].append(reader.index)
      }
      if reader.functions["main"] != nil || path.dropLast().contains(where: Self.entryFolders.contains) {
        entries.insert(reader.index)
      }
    }
    // The files each file imports, and how many files import each.
    var imports: [Int: Set<Int>] = [:]
    var importers: [Int: Int] = [:]
    for reader in dart {
      let path = Self.segments(reader.file)
      var targets: Set<Int> = []
      for uri in Self.directiveURIs(reader.tokens) where !uri.hasPrefix("dart:") {
        if uri.hasPrefix("package:") {
          // `package:app/src/x.dart` is `lib/src/x.dart` of the package.
          let rest = Self.segments(String(uri.dropFirst("package:".count))).dropFirst()
          targets.formUnion(byPackagePath[(["lib"] + rest).joined(separator: "/")] ?? [])
        } else if let target = byPath[Self.resolve(uri, from: path).joined(separator: "/")] {
          targets.insert(target)
        }
      }
      targets.remove(reader.index)
      imports[reader.index] = targets
      for target in targets { importers[target, default: 0] += 1 }
    }
    // A folder read without an entry point may be called from files not given: nothing is dead.
    guard dart.contains(where: { $0.functions["main"] != nil }) else { return }
    // Dead: no live file imports it (a file only dead files import is dead too).
    do {
      var work = dart.map(\.index).filter { !entries.contains($0) && importers[$0, default: 0] == 0 }
      deadFiles = Set(work)
      while let file = work.popLast() {
        for target in imports[file] ?? [] where !entries.contains(target) && !deadFiles.contains(target) {
          importers[target, default: 0] -= 1
          if importers[target, default: 0] == 0 {
            deadFiles.insert(target)
            work.append(target)
          }
        }
      }
    }
    for reader in dart where !deadFiles.contains(reader.index) {
      var ranges: [Range<Int>] = []
      for (name, function) in reader.bodies
      where (nameCounts[name] ?? 0) <= 1 && !Self.calledByName.contains(name)
        && Self.declaredPlainly(name, body: function.body, in: reader.tokens)
      {
        ranges.append(function.body)
      }
      if !ranges.isEmpty { deadBodies[reader.index] = ranges }
    }
  }

  /// Whether code at token `position` of file `file` (a reader index) is dead.
  func isDead(file: Int, position: Int) -> Bool {
    deadFiles.contains(file) || (deadBodies[file]?.contains { $0.contains(position) } ?? false)
  }

  /// Whether the declaration of the function `name` whose body starts at `body` is found just
  /// before it (the name, then its parameters or `get`) and carries no `@override`: only then
  /// may it be dead.
  private static func declaredPlainly(_ name: String, body: Range<Int>, in tokens: [ChainToken]) -> Bool {
    let earliest = max(0, body.lowerBound - 400)
    var at = body.lowerBound - 1
    while at >= earliest,
      !(tokens[at].isIdent(name) && at + 1 < tokens.count
        && (tokens[at + 1].isPunct("(") || tokens[at + 1].isPunct("<") || tokens[at + 1].isPunct("=>")
          || tokens[at + 1].isPunct("{")))
    {
      at -= 1
    }
    guard at >= earliest else { return false }
    // The annotations and modifiers before the declaration (up to the statement before it).
    var k = at - 1
    while k >= max(0, at - 40), !tokens[k].isPunct(";"), !tokens[k].isPunct("}"), !tokens[k].isPunct("{") {
      if tokens[k].isIdent("override"), k > 0, tokens[k - 1].isPunct("@") { return false }
      k -= 1
    }
    return true
  }

  /// The URIs of the file's `import`, `export` and `part` directives (`part of` names the
  /// library the file belongs to: not a use of another file).
  static func directiveURIs(_ tokens: [ChainToken]) -> [String] {
    var uris: [String] = []
    var i = 0
    while i < tokens.count {
      let t = tokens[i]
      // `part of 'lib.dart'` is followed by `of`, not a string: skipped.
      guard t.isIdent("import") || t.isIdent("export") || t.isIdent("part"), i + 1 < tokens.count,
        tokens[i + 1].kind == .string
      else {
        i += 1
        continue
      }
      i += 1
      while i < tokens.count, !tokens[i].isPunct(";"), tokens[i].kind != .end {
        if tokens[i].kind == .string { uris.append(tokens[i].text) }
        i += 1
      }
    }
    return uris
  }

  /// A path's segments without empty and `.` ones.
  static func segments(_ path: String) -> [String] {
    path.split(separator: "/").map(String.init).filter { $0 != "." }
  }

  /// A relative URI resolved against the folder of the file at `from` (segments).
  static func resolve(_ uri: String, from: [String]) -> [String] {
    var out = Array(from.dropLast())
    for segment in segments(uri) {
      if segment == ".." {
        if !out.isEmpty && out.last != ".." { out.removeLast() } else { out.append(segment) }
      } else {
        out.append(segment)
      }
    }
    return out
  }
}
