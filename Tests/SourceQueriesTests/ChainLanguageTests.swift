import Foundation
import SourceQueries
import Testing

/// The Kotlin, Java and Dart constructs the golden apps do not pin one by one: what the reader
/// resolves, and what it leaves unresolved (fail closed) with its reason.
@Suite("Kotlin, Java and Dart constructs")
struct ChainLanguageTests {
  /// The snippets' Kotlin and Java files import the Android SDK, as an app's do: a `db` they do
  /// not declare is then taken as the database (in a file that imports no Firestore SDK it is not).
  static func read(_ name: String, _ text: String) -> SourceExtraction {
    SourceQueryReader.read([(name, Array((sdkImport(name) + text).utf8))])
  }

  static func sdkImport(_ name: String) -> String {
    if name.hasSuffix(".kt") { return "import com.google.firebase.firestore.FirebaseFirestore\n" }
    if name.hasSuffix(".java") { return "import com.google.firebase.firestore.FirebaseFirestore;\n" }
    return ""
  }

  static func queries(_ name: String, _ text: String) -> [String] { read(name, text).queries.map(\.dsl) }

  static func reasons(_ name: String, _ text: String) -> [String] { read(name, text).unresolved.map(\.reason) }

  @Test("Kotlin: a new line ends a statement unless the next line goes on with a dot")
  func kotlinNewLines() {
    let text = """
      fun load() {
          val q = db.collection("a")
              .whereEqualTo("x", 1)
          (other as Runnable).run()
          q.get()
      }
      """
    #expect(Self.queries("A.kt", text) == [#"collection("a").where("x", "==", 1)"#])
  }

  @Test("Kotlin: templates naming a constant are constants; a companion object's constants are the class's")
  func kotlinTemplatesAndCompanions() {
    let text = """
      class Feed {
          companion object {
              const val POSTS = "posts"
              private const val FIELD = "author"
          }
          fun load(uid: String) = Firebase.firestore.collection("users/$uid/${POSTS}")
              .whereEqualTo(Feed.FIELD, uid).get()
      }
      """
    #expect(Self.queries("Feed.kt", text) == [#"collection("users/{value}/posts").where("author", "==", uid)"#])
  }

  @Test("Kotlin: when without else keeps the query as it was as one more variant")
  func kotlinWhen() {
    let text = """
      fun load(mode: Int) {
          var q: Query = db.collection("a")
          when (mode) {
              1 -> q = q.whereEqualTo("x", 1)
              2 -> { q = q.orderBy("y") }
          }
          q.addSnapshotListener { _, _ -> }
      }
      """
    #expect(
      Self.queries("A.kt", text).sorted() == [
        #"collection("a")"#, #"collection("a").orderBy("y")"#, #"collection("a").where("x", "==", 1)"#,
      ])
  }

  @Test("Kotlin and Java files are one module: a Kotlin object's constants name Java's collections; by lazy")
  func kotlinAndJavaTogether() {
    let kotlin = """
      object Names {
          const val POSTS = "posts"
      }
      class Feed(private val db: FirebaseFirestore) {
          private val posts by lazy { db.collection(Names.POSTS) }
          fun load() = posts.whereEqualTo("a", 1).get()
      }
      """
    let java = """
      class Repo {
          Task<QuerySnapshot> load() { return db.collection(Names.POSTS).whereEqualTo("b", 2).get(); }
      }
      """
    let found = SourceQueryReader.read([
      ("Feed.kt", Array((Self.sdkImport("Feed.kt") + kotlin).utf8)),
      ("Repo.java", Array((Self.sdkImport("Repo.java") + java).utf8)),
    ])
    #expect(
      found.queries.map(\.dsl) == [
        #"collection("posts").where("a", "==", 1)"#, #"collection("posts").where("b", "==", 2)"#,
      ])
  }

  @Test("Java: a path concatenated with + keeps its constant collection id; a computed one is unresolved")
  func javaConcatenation() {
    let text = """
      class Repo {
          void load(String uid, String name) {
              db.collection("users/" + uid + "/posts").whereEqualTo("a", 1).get();
              db.collection("users/" + uid + "/" + name).get();
          }
      }
      """
    #expect(Self.queries("Repo.java", text) == [#"collection("users/{value}/posts").where("a", "==", 1)"#])
    #expect(Self.reasons("Repo.java", text).first?.hasPrefix("the collection name is not a constant") == true)
  }

  @Test("Android: an unknown direction, filter factory or filter argument count is unresolved")
  func androidUnresolved() {
    let text = """
      class Repo {
          void load(Query.Direction d) {
              db.collection("a").orderBy("x", d).get();
              db.collection("a").where(Filter.startsWith("x", "y")).get();
              db.collection("a").whereEqualTo("x").get();
          }
      }
      """
    #expect(Self.queries("Repo.java", text).isEmpty)
    #expect(
      Self.reasons("Repo.java", text) == [
        "the direction of orderBy is not a constant (d)", "unknown filter Filter.startsWith",
        "a filter with 1 arguments",
      ])
  }

  @Test("Kotlin and Java: character literals and numbers that do not parse are unknown values, not guessed")
  func unreadLiterals() {
    let java = """
      class Repo {
          void load() {
              db.collection("a").whereEqualTo("c", 'x').get();
              db.collection("b").whereEqualTo("n", 0b102).get();
              db.collection("c").whereEqualTo("n", 0xFFFFFFFFFFFFFFFFFL).get();
              db.collection("d").whereEqualTo("n", 0x).get();
              db.collection("e").whereEqualTo("n", 0x1F).whereEqualTo("m", 0b101).get();
          }
      }
      """
    #expect(
      Self.queries("Repo.java", java) == [
        #"collection("a").where("c", "==", value)"#, #"collection("b").where("n", "==", value)"#,
        #"collection("c").where("n", "==", value)"#, #"collection("d").where("n", "==", value)"#,
        #"collection("e").where("n", "==", 31).where("m", "==", 5)"#,
      ])
  }

  @Test("Kotlin: a line break inside a triple-quoted string does not end the statement before it")
  func kotlinTripleQuotedNewLine() {
    let text = #"""
      fun note(): String {
          return """first
      second"""
      }
      fun load() { db.collection("a").whereEqualTo("note", note()).get() }
      fun same() { db.collection("b").whereEqualTo("note", "first\nsecond").get() }
      """#
    let found = Self.queries("A.kt", text)
    #expect(found.count == 2)
    #expect(found.first?.contains("first") == true)
    #expect(found.first?.replacingOccurrences(of: #"collection("a")"#, with: #"collection("b")"#) == found.last)
  }

  @Test("Kotlin: let/also/takeIf on a query run their lambda with it; any other unknown member is unresolved")
  func kotlinScopeFunctions() {
    let text = """
      fun load() {
          db.collection("a").whereEqualTo("x", 1).let { it.get() }
          db.collection("b").also { q -> q.get() }
          db.collection("c").apply { get() }
          db.collection("d").toString()
          val e = db.collection("e").takeIf { ready }?.let { it.whereEqualTo("y", 2) }
          e.get()
      }
      """
    let found = Self.read("A.kt", text)
    #expect(
      found.queries.map(\.dsl) == [
        #"collection("a").where("x", "==", 1)"#, #"collection("b")"#, #"collection("e").where("y", "==", 2)"#,
      ])
    #expect(
      found.unresolved.map(\.reason) == [
        "the query goes through apply(), which Flint does not follow",
        "the query goes through toString(), which Flint does not follow",
      ])
  }

  @Test("Kotlin: an extension on Query is followed with the query as this; members called bare are the query's")
  func kotlinQueryExtensions() {
    let text = """
      fun Query.watch(tag: String) = callbackFlow {
          addSnapshotListener { _, error -> if (error != null) close(error) }
          awaitClose { log(tag) }
      }
      fun Query.open(): Query = whereEqualTo("open", true)
      fun Query.keep() = toString()
      fun CollectionReference.handOff() = store(this)
      fun load(id: String) {
          db.collection("a").open().watch("a")
          db.collection("b").keep()
          db.collection("c").handOff()
          db.collection("d").document(id.trim()).collection("e").get()
      }
      """
    let found = Self.read("A.kt", text)
    #expect(
      found.queries.map(\.dsl) == [
        #"collection("a").where("open", "==", true)"#, #"collection("c")"#, #"collection("d/{id}/e")"#,
      ])
    #expect(found.unresolved.isEmpty)
  }

  @Test("helpers that fan out are read once per arguments (memoized): nothing is dropped, nothing warned")
  func inlineBudget() {
    // Followed call by call, f() would run 10^8 bodies under the nesting cap of 8.
    let calls = String(repeating: "f(); ", count: 10)
    let kotlin = """
      fun f(): Int { \(calls)return 1 }
      fun q(): Query { f(); return db.collection("a") }
      fun load() { q().get(); db.collection("b").get() }
      """
    let found = Self.read("A.kt", kotlin)
    #expect(found.queries.map(\.dsl) == [#"collection("a")"#, #"collection("b")"#])
    #expect(found.unresolved.isEmpty)
    // Dart getters (named without a call) fan out the same way.
    let getters = (0..<9).map { level in
      "int get g\(level) => "
        + (level == 8 ? "1" : Array(repeating: "g\(level + 1)", count: 10).joined(separator: " + "))
        + ";"
    }
    let dart =
      getters.joined(separator: "\n")
      + "\nFuture<void> load() async { g0; await FirebaseFirestore.instance.collection('a').get(); }\n"
    let dartFound = Self.read("a.dart", dart)
    #expect(dartFound.queries.map(\.dsl) == [#"collection("a")"#])
    #expect(dartFound.unresolved.isEmpty)
  }

  @Test("Dart: Filter() needs exactly one condition; isNull and descending must be constants")
  func dartConditions() {
    let text = """
      Future<void> load(bool flag) async {
        await FirebaseFirestore.instance.collection('a').where(Filter('x', isEqualTo: 1, isLessThan: 2)).get();
        await FirebaseFirestore.instance.collection('a').where('x', isNull: flag).get();
        await FirebaseFirestore.instance.collection('a').orderBy('x', descending: flag).get();
        await FirebaseFirestore.instance.collection('a').where('x', isNull: true).orderBy('y', descending: false).get();
      }
      """
    #expect(Self.queries("a.dart", text) == [#"collection("a").where("x", "==", null).orderBy("y")"#])
    #expect(
      Self.reasons("a.dart", text) == [
        "Filter() needs exactly one condition, it has 2", "isNull is not a constant (flag)",
        "the direction of orderBy is not a constant (flag)",
      ])
  }

  @Test("Dart: a cascade on a query is unresolved; on anything else it is skipped")
  func dartCascades() {
    let text = """
      Future<void> load() async {
        final settings = Settings()..persistenceEnabled = true;
        await FirebaseFirestore.instance.collection('a').where('x', isEqualTo: 1).get();
        final q = FirebaseFirestore.instance.collection('b')..where('y', isEqualTo: 2);
        await q.get();
      }
      """
    let found = Self.read("a.dart", text)
    #expect(found.queries.map(\.dsl) == [#"collection("a").where("x", "==", 1)"#])
    #expect(
      found.unresolved.map(\.reason) == [
        "a cascade (..) on a query gives back the query before it: what it adds is lost"
      ])
  }

  @Test("Dart strings (raw, triple-quoted, interpolated) and typed list literals")
  func dartStrings() {
    let text = #"""
      const users = 'users';
      Future<void> load(String id) async {
        await FirebaseFirestore.instance.collection(r'a$b').get();
        await FirebaseFirestore.instance.collection('''c''').get();
        await FirebaseFirestore.instance.collection("$users/$id/d").get();
        await FirebaseFirestore.instance.collection('e\'f').get();
        await FirebaseFirestore.instance.collection('g').where('h', whereIn: <String>['i', 'j']).get();
      }
      """#
    #expect(
      Self.queries("a.dart", text) == [
        #"collection("a$b")"#, #"collection("c")"#, #"collection("users/{value}/d")"#, #"collection("e'f")"#,
        #"collection("g").where("h", "in", ["i", "j"])"#,
      ])
  }

  @Test("the folder walker reads .kt, .java and .dart files and skips build, .dart_tool and .gradle")
  func walker() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flint-walk-\(UUID().uuidString)")
    for folder in ["src", "build", ".dart_tool", ".gradle/kotlin"] {
      try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for file in [
      "src/A.kt", "src/B.java", "src/c.dart", "src/d.kts", "build/E.kt", ".dart_tool/f.dart", ".gradle/kotlin/G.kt",
    ] {
      try "".write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    let files = try SourceFolderWalker().files(in: dir.path).map { String($0.dropFirst(dir.path.count + 1)) }
    #expect(files == ["src/A.kt", "src/B.java", "src/c.dart"])
  }
}
