import SourceQueries
import Testing

/// The Swift reader: linear work on any shape of code, only real queries, and statement flow.
@Suite("Swift reader")
struct SwiftReaderTests {
  static func read(_ text: String, name: String = "App.swift") -> SourceExtraction {
    SourceQueryReader.read([(name, Array(text.utf8))])
  }

  // MARK: Linear work

  /// A chain of `count` calls on a value Flint does not know, then one query refined `count` times.
  static func chain(_ count: Int) -> String {
    let calls = (0..<count).map { ".step\($0)(x) { $0 }" }.joined()
    let filters = (0..<count).map { ".whereField(\"f\($0)\", isEqualTo: \($0))" }.joined()
    return """
      import FirebaseFirestore
      func run(items: Items, x: Int) async throws {
        let y = items\(calls)
        _ = try await Firestore.firestore().collection("a")\(filters).getDocuments()
      }
      """
  }

  /// A SwiftUI-like body nested `depth` deep, each level with a modifier chain and closures.
  static func nested(_ depth: Int) -> String {
    var body = "Text(\"leaf\").font(.title).padding().onTapGesture { vm.load() }"
    for level in 1...depth {
      body = """
        VStack(alignment: .leading) {
        \(body)
        Text("l\(level)").padding(.top, \(level)).onAppear { count += 1 }
        }.padding().background(Color.white).cornerRadius(8).onTapGesture { selected = \(level) }
        """
    }
    return "import SwiftUI\nstruct V: View {\n  var body: some View {\n\(body)\n  }\n}\n"
  }

  @Test("a 200-call chain costs work linear in its size")
  func longChain() {
    let (work, tokens) = SwiftQueryExtractor.work([("Chain.swift", Self.chain(200))])
    #expect(work <= 2 * tokens, "work \(work) for \(tokens) tokens")
    let found = Self.read(Self.chain(200))
    #expect(found.queries.count == 1)
    #expect(found.queries.first?.steps.count == 200)
  }

  @Test("a SwiftUI body nested 30 deep costs work linear in its size, and lists nothing")
  func deepBody() {
    // A debug build's parser stops at 20 levels: read all 30 (about 90) as a release build does.
    let (work, tokens) = SwiftQueryExtractor.work([("Deep.swift", Self.nested(30))], maximumNestingLevel: 256)
    #expect(tokens > 30 * 30, "the whole body was parsed")
    #expect(work <= 2 * tokens, "work \(work) for \(tokens) tokens")
    let found = Self.read(Self.nested(30))
    #expect(found.queries.isEmpty && found.unresolved.isEmpty)
  }

  @Test("helpers called many times are evaluated once per call context")
  func memoizedHelpers() {
    // Each helper calls the next one twice with the same arguments: 2^40 calls without memoization.
    var text = "import FirebaseFirestore\nlet db = Firestore.firestore()\n"
    text += "func h40(_ q: Query) -> Query { q.whereField(\"f\", isEqualTo: 40) }\n"
    for level in stride(from: 39, through: 0, by: -1) {
      text += "func h\(level)(_ q: Query) -> Query { let a = h\(level + 1)(q); let b = h\(level + 1)(q); return a }\n"
    }
    text += "func run() async throws { _ = try await h0(db.collection(\"a\")).getDocuments() }\n"
    let (work, tokens) = SwiftQueryExtractor.work([("Helpers.swift", text)])
    #expect(work <= 4 * tokens, "work \(work) for \(tokens) tokens")
    // The chain is deeper than helpers are followed: the query is listed once, with the reason.
    let found = Self.read(text)
    #expect(found.queries.isEmpty)
    #expect(found.unresolved.map(\.reason) == ["helper calls nest more than 12 deep (h12)"])
  }

  // MARK: Only real queries

  @Test("calls on receivers that are not Firestore's are never listed")
  func notFirestore() {
    let found = Self.read(
      """
      import SwiftUI
      struct V: View {
        let store = LocalStore()
        var body: some View {
          List(items.filter { $0.ok }) { item in Text("Create").padding() }
            .task { _ = store.collection("books").whereField("a", isEqualTo: 1) }
            .onAppear { mongo.collection("users").find(["a": 1]) }
        }
      }
      """)
    #expect(found.queries.isEmpty)
    #expect(found.unresolved.isEmpty)
  }

  @Test("a receiver typed as the SDK's is Firestore's, whatever its name")
  func typedReceivers() {
    let found = Self.read(
      """
      import FirebaseFirestore
      func a(store: Firestore, parent: DocumentReference) async throws {
        _ = try await store.collection("x").whereField("a", isEqualTo: 1).getDocuments()
        _ = try await parent.collection("y").order(by: "b").getDocuments()
      }
      """)
    #expect(
      found.queries.map(\.dsl) == [
        #"collection("x").where("a", "==", 1)"#, #"collection("{parent}/{parent}/y").orderBy("b")"#,
      ])
  }

  // MARK: Literals

  @Test("string literals are decoded by swift-syntax: unicode escapes and raw strings")
  func literals() {
    let found = Self.read(
      #"""
      import FirebaseFirestore
      func a() async throws {
        _ = try await Firestore.firestore().collection("\u{41}b").whereField(#"c\d"#, isEqualTo: 1).getDocuments()
      }
      """#)
    #expect(found.queries.first?.collection == "Ab")
    #expect(found.queries.first?.dsl == #"collection("Ab").where("c\\d", "==", 1)"#)
  }
}
