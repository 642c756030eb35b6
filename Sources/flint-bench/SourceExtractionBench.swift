import SourceQueries

/// Extraction of queries from an app's source (`flint indexes PATH...` on a source folder): a
/// generated mixed-language tree of about `lines` lines, read by `SourceQueryReader.read`, in MB/s
/// and lines/s. The goal is the 200,000-line tree in under 2 seconds.
enum SourceExtractionBench {
  /// One generated file: its name, text and line count.
  struct File {
    var name: String
    var text: String
    var lines: Int
  }

  /// A source tree of about `lines` lines: files of `blocksPerFile` code blocks, the languages in
  /// turn. Each block is ordinary app code around one query.
  static func tree(lines: Int, languages: [SourceTemplate] = SourceTemplate.all, blocksPerFile: Int = 20) -> [File] {
    var files: [File] = []
    var total = 0
    var block = 0
    while total < lines {
      let template = languages[files.count % languages.count]
      var text = template.header
      for _ in 0..<blocksPerFile {
        text += template.block(block)
        block += 1
      }
      let count = text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      files.append(
        File(name: "app/\(template.folder)/Module\(files.count).\(template.fileExtension)", text: text, lines: count))
      total += count
    }
    return files
  }

  static func run(lines: Int = 200_000, repeats: Int = 3, languages: [SourceTemplate] = SourceTemplate.all)
    -> BenchResult
  {
    let files = tree(lines: lines, languages: languages)
    let input = files.map { (name: $0.name, bytes: Array($0.text.utf8)) }
    let bytes = input.reduce(0) { $0 + $1.bytes.count }
    let lineCount = files.reduce(0) { $0 + $1.lines }
    var queries = 0
    var unresolved = 0
    let seconds = bestSeconds(repeats: repeats) {
      let extraction = SourceQueryReader.read(input)
      queries = extraction.queries.count
      unresolved = extraction.unresolved.count
    }
    return BenchResult(
      name: "source-extraction",
      fields: [
        ("languages", .string(languages.map(\.folder).joined(separator: ","))), ("files", .int(files.count)),
        ("lines", .int(lineCount)), ("bytes", .int(bytes)), ("queries", .int(queries)),
        ("unresolved", .int(unresolved)), ("seconds", format(seconds, digits: 3)),
        ("mb_per_second", format(Double(bytes) / 1_000_000 / seconds, digits: 2)),
        ("lines_per_second", format(Double(lineCount) / seconds, digits: 0)),
      ])
  }
}

/// How one language's generated files look: a header and a block of app code with one query.
struct SourceTemplate: Sendable {
  var folder: String
  var fileExtension: String
  var header: String
  var block: @Sendable (Int) -> String

  /// Every language with an extractor.
  static let all: [SourceTemplate] = [.swift, .typescript, .javascript, .kotlin, .java, .dart]

  static let swift = SourceTemplate(
    folder: "swift", fileExtension: "swift", header: "import FirebaseFirestore\nimport Foundation\n\n"
  ) { i in
    """
    struct Feed\(i)Service {
      let db = Firestore.firestore()
      static let collectionName = "posts\(i % 50)"

      /// The newest posts of one author with a score above a floor.
      func recent(for uid: String, limit: Int) async throws -> [Post] {
        let snapshot = try await db.collection(Self.collectionName)
          .whereField("author", isEqualTo: uid)
          .whereField("score\(i % 7)", isGreaterThan: \(i % 100))
          .order(by: "score\(i % 7)", descending: true)
          .limit(to: limit)
          .getDocuments()
        var posts: [Post] = []
        for document in snapshot.documents {
          if let post = try? document.data(as: Post.self) { posts.append(post) }
        }
        return posts
      }
    }


    """
  }

  static let typescript = SourceTemplate(
    folder: "ts", fileExtension: "ts",
    header: "import { collection, getDocs, limit, orderBy, query, where, Firestore } from \"firebase/firestore\";\n\n"
  ) { i in
    """
    export async function loadOrders\(i)(db: Firestore, orgId: string, status: string): Promise<Order[]> {
      const q = query(
        collection(db, "orgs", orgId, "orders\(i % 40)"),
        where("status", "==", status),
        where("total", ">", \(i % 100)),
        orderBy("total", "desc"),
        limit(25),
      );
      const snapshot = await getDocs(q);
      const result: Order[] = [];
      snapshot.forEach((doc) => {
        // Keep the id next to the data.
        result.push({ id: doc.id, ...(doc.data() as Order) });
      });
      return result;
    }


    """
  }

  static let javascript = SourceTemplate(
    folder: "js", fileExtension: "js", header: "const { db } = require(\"./firebase\");\n\n"
  ) { i in
    """
    function watchMessages\(i)(roomId, onChange) {
      return db.collection("rooms").doc(roomId).collection("messages\(i % 30)")
        .where("visible", "==", true)
        .where("priority", ">=", \(i % 5))
        .orderBy("priority", "desc")
        .limit(50)
        .onSnapshot((snapshot) => {
          const items = snapshot.docs.map((d) => ({ id: d.id, ...d.data() }));
          onChange(items);
        });
    }

    module.exports.watchMessages\(i) = watchMessages\(i);


    """
  }

  static let kotlin = SourceTemplate(
    folder: "kotlin", fileExtension: "kt",
    header:
      "package app.feed\n\nimport com.google.firebase.firestore.Query\nimport com.google.firebase.firestore.ktx.firestore\nimport com.google.firebase.ktx.Firebase\n\n"
  ) { i in
    """
    class Board\(i)Repository {
        private val db = Firebase.firestore

        // Open tasks of one board, most urgent first.
        fun openTasks(boardId: String, onLoaded: (List<Task>) -> Unit) {
            db.collection("boards").document(boardId).collection("tasks\(i % 30)")
                .whereEqualTo("state", "open")
                .whereGreaterThan("urgency", \(i % 10))
                .orderBy("urgency", Query.Direction.DESCENDING)
                .limit(40)
                .get()
                .addOnSuccessListener { result -> onLoaded(result.toObjects(Task::class.java)) }
        }
    }


    """
  }

  static let java = SourceTemplate(
    folder: "java", fileExtension: "java",
    header:
      "package app.shop;\n\nimport com.google.firebase.firestore.FirebaseFirestore;\nimport com.google.firebase.firestore.Query;\n\n"
  ) { i in
    """
    class Catalog\(i) {
        private static final String PRODUCTS = "products\(i % 40)";
        private final FirebaseFirestore db = FirebaseFirestore.getInstance();

        Query cheapest(String category) {
            Query q = db.collection(PRODUCTS).whereEqualTo("category", category);
            q = q.whereLessThan("price", \(i % 500));
            return q.orderBy("price").limit(20);
        }
    }


    """
  }

  static let dart = SourceTemplate(
    folder: "dart", fileExtension: "dart",
    header: "import 'package:cloud_firestore/cloud_firestore.dart';\n\n"
  ) { i in
    """
    class Chat\(i)Store {
      final FirebaseFirestore db = FirebaseFirestore.instance;

      /// The latest messages of a room above a priority.
      Stream<QuerySnapshot<Map<String, dynamic>>> latest(String roomId) {
        return db
            .collection('rooms')
            .doc(roomId)
            .collection('messages\(i % 30)')
            .where('priority', isGreaterThanOrEqualTo: \(i % 5))
            .orderBy('priority', descending: true)
            .limit(50)
            .snapshots();
      }
    }


    """
  }
}
