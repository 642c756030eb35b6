import FlintTestSupport
import Foundation
import Queries
import SourceQueries
import Testing

/// Random query shapes rendered as Swift SDK, modular JS SDK, chained (Admin) JS, Kotlin, Java
/// and Dart calls, extracted back: the scope, collection, filters and orders come back as generated.
@Suite("Source query round trip")
struct SourceRoundTripTests {
  struct Shape: CustomStringConvertible {
    var group: Bool
    var collection: String
    /// (field, JS operator, value in JS/Swift syntax)
    var filters: [(String, String, String)]
    var orders: [(String, Bool)]
    var limit: Int?
    var count: Bool

    var description: String {
      "\(group ? "group" : "collection") \(collection) \(filters) \(orders) \(limit as Any) \(count)"
    }
  }

  static let operators: [(js: String, swift: String, array: Bool)] = [
    ("==", "isEqualTo", false), ("!=", "isNotEqualTo", false), ("<", "isLessThan", false),
    ("<=", "isLessThanOrEqualTo", false), (">", "isGreaterThan", false), (">=", "isGreaterThanOrEqualTo", false),
    ("array-contains", "arrayContains", false), ("array-contains-any", "arrayContainsAny", true), ("in", "in", true),
    ("not-in", "notIn", true),
  ]
  /// The Android SDK's `where...` method and FlutterFire's named condition for each operator.
  static let android: [String: String] = [
    "==": "whereEqualTo", "!=": "whereNotEqualTo", "<": "whereLessThan", "<=": "whereLessThanOrEqualTo",
    ">": "whereGreaterThan", ">=": "whereGreaterThanOrEqualTo", "array-contains": "whereArrayContains",
    "array-contains-any": "whereArrayContainsAny", "in": "whereIn", "not-in": "whereNotIn",
  ]
  static let dartConditions: [String: String] = [
    "==": "isEqualTo", "!=": "isNotEqualTo", "<": "isLessThan", "<=": "isLessThanOrEqualTo", ">": "isGreaterThan",
    ">=": "isGreaterThanOrEqualTo", "array-contains": "arrayContains", "array-contains-any": "arrayContainsAny",
    "in": "whereIn", "not-in": "whereNotIn",
  ]

  static func shape(_ random: inout SplitMix64) -> Shape {
    let fields = ["a", "b", "c.d", "score", "createdAt", "tags"]
    var filters: [(String, String, String)] = []
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let op = operators.randomElement(using: &random)!
      let value = op.array ? "[1, 2]" : ["1", "\"x\"", "true", "2.5"].randomElement(using: &random)!
      filters.append((fields.randomElement(using: &random)!, op.js, value))
    }
    var orders: [(String, Bool)] = []
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      orders.append((fields.randomElement(using: &random)!, Bool.random(using: &random)))
    }
    return Shape(
      group: Bool.random(using: &random), collection: ["posts", "users", "c_1"].randomElement(using: &random)!,
      filters: filters, orders: orders,
      limit: Bool.random(using: &random) ? Int.random(in: 1...50, using: &random) : nil,
      count: Bool.random(using: &random))
  }

  static func swift(_ s: Shape) -> String {
    var chain = "db.\(s.group ? "collectionGroup" : "collection")(\"\(s.collection)\")"
    for (field, op, value) in s.filters {
      let label = operators.first { $0.js == op }!.swift
      chain += "\n      .whereField(\"\(field)\", \(label): \(value))"
    }
    for (field, descending) in s.orders { chain += ".order(by: \"\(field)\"\(descending ? ", descending: true" : ""))" }
    if let limit = s.limit { chain += ".limit(to: \(limit))" }
    let run = s.count ? ".count.getAggregation(source: .server)" : ".getDocuments()"
    return "import FirebaseFirestore\n\nfunc load(db: Firestore) async throws {\n  _ = try await \(chain)\(run)\n}\n"
  }

  static func modular(_ s: Shape) -> String {
    var parts = ["\(s.group ? "collectionGroup" : "collection")(db, \"\(s.collection)\")"]
    for (field, op, value) in s.filters { parts.append("where(\"\(field)\", \"\(op)\", \(value))") }
    for (field, descending) in s.orders { parts.append("orderBy(\"\(field)\"\(descending ? ", \"desc\"" : ""))") }
    if let limit = s.limit { parts.append("limit(\(limit))") }
    let run = s.count ? "getCountFromServer" : "getDocs"
    return
      "import { collection } from \"firebase/firestore\";\nexport async function load() {\n  return \(run)(query(\(parts.joined(separator: ",\n    "))));\n}\n"
  }

  static func chained(_ s: Shape) -> String {
    var chain = "db.\(s.group ? "collectionGroup" : "collection")('\(s.collection)')"
    for (field, op, value) in s.filters { chain += ".where('\(field)', '\(op)', \(value))" }
    for (field, descending) in s.orders { chain += ".orderBy('\(field)'\(descending ? ", 'desc'" : ""))" }
    if let limit = s.limit { chain += ".limit(\(limit))" }
    return
      "const db = admin.firestore();\nasync function load() {\n  return \(chain)\(s.count ? ".count()" : "").get();\n}\n"
  }

  /// The Android chain (Kotlin and Java share it); `list` writes an array value.
  static func androidChain(_ s: Shape, list: String, newline: String) -> String {
    var chain = "db.\(s.group ? "collectionGroup" : "collection")(\"\(s.collection)\")"
    for (field, op, value) in s.filters {
      let written = value.hasPrefix("[") ? "\(list)(\(value.dropFirst().dropLast()))" : value
      chain += "\(newline).\(android[op]!)(\"\(field)\", \(written))"
    }
    for (field, descending) in s.orders {
      chain += "\(newline).orderBy(\"\(field)\"\(descending ? ", Query.Direction.DESCENDING" : ""))"
    }
    if let limit = s.limit { chain += ".limit(\(limit))" }
    return chain + (s.count ? ".count().get(AggregateSource.SERVER)" : ".get()")
  }

  static func kotlin(_ s: Shape) -> String {
    """
    import com.google.firebase.firestore.Query

    class Loader(private val db: FirebaseFirestore) {
        suspend fun load() {
            val snapshot = \(androidChain(s, list: "listOf", newline: "\n            "))
                .await()
            println(snapshot)
        }
    }

    """
  }

  static func java(_ s: Shape) -> String {
    """
    import com.google.firebase.firestore.Query;

    public class Loader {
        private final FirebaseFirestore db = FirebaseFirestore.getInstance();

        public void load() {
            \(androidChain(s, list: "Arrays.asList", newline: "\n                "));
        }
    }

    """
  }

  static func dart(_ s: Shape) -> String {
    var chain = "FirebaseFirestore.instance.\(s.group ? "collectionGroup" : "collection")('\(s.collection)')"
    for (field, op, value) in s.filters { chain += "\n      .where('\(field)', \(dartConditions[op]!): \(value))" }
    for (field, descending) in s.orders { chain += ".orderBy('\(field)'\(descending ? ", descending: true" : ""))" }
    if let limit = s.limit { chain += ".limit(\(limit))" }
    chain += s.count ? ".count().get()" : ".get()"
    return
      "import 'package:cloud_firestore/cloud_firestore.dart';\n\nFuture<void> load() async {\n  await \(chain);\n}\n"
  }

  static func read(_ name: String, _ text: String) -> SourceExtraction {
    SourceQueryReader.read([(name, Array(text.utf8))])
  }

  static func check(_ s: Shape, _ extraction: SourceExtraction, _ language: String) {
    #expect(extraction.unresolved.isEmpty, "\(language): \(s): \(extraction.unresolved)")
    guard extraction.queries.count == 1, let query = extraction.queries.first else {
      Issue.record("\(language): \(s): found \(extraction.queries.count) queries")
      return
    }
    #expect(query.scope == (s.group ? .collectionGroup : .collection), "\(language): \(s)")
    #expect(query.collection == s.collection, "\(language): \(s)")
    #expect(query.filters.map { [$0.0.path, $0.1] } == s.filters.map { [$0.0, $0.1] }, "\(language): \(s)")
    #expect(query.orderBy.map { "\($0.0.path) \($0.1)" } == s.orders.map { "\($0.0) \($0.1)" }, "\(language): \(s)")
    #expect(query.steps.contains(.count) == s.count, "\(language): \(s)")
    #expect(query.steps.contains(.limit(s.limit.map(String.init) ?? "")) == (s.limit != nil), "\(language): \(s)")
  }

  @Test("Swift, modular JS and chained JS give back the generated shape")
  func roundTrip() {
    var random = SplitMix64(seed: 20)
    for _ in 0..<150 {
      let s = Self.shape(&random)
      Self.check(s, SwiftQueryExtractor.extract([("Load.swift", Self.swift(s))]), "swift")
      Self.check(s, JSQueryExtractor.extract([("load.ts", Self.modular(s))]), "modular")
      Self.check(s, JSQueryExtractor.extract([("load.js", Self.chained(s))]), "chained")
    }
  }

  @Test("Kotlin, Java and Dart give back the generated shape")
  func roundTripAndroidAndDart() {
    var random = SplitMix64(seed: 21)
    for _ in 0..<150 {
      let s = Self.shape(&random)
      Self.check(s, Self.read("Loader.kt", Self.kotlin(s)), "kotlin")
      Self.check(s, Self.read("Loader.java", Self.java(s)), "java")
      Self.check(s, Self.read("load.dart", Self.dart(s)), "dart")
    }
  }
}

/// The same random shapes split across files: the names in a constants file, a helper that
/// builds the query from its parameters in another, the call site that gives the values in a
/// third. The query comes back at the call site with the shape generated.
@Suite("Source query round trip across files")
struct SourceMultiFileRoundTripTests {
  typealias Shape = SourceRoundTripTests.Shape
  static let fields = ["a", "b", "c.d", "score", "createdAt", "tags"]

  static func constant(_ field: String) -> String { "F\(fields.firstIndex(of: field)!)" }

  /// TypeScript: an enum of fields and a collection constant, a hook spreading its constraints.
  static func typescript(_ s: Shape) -> [(String, String)] {
    let names =
      "export const COLLECTION = \"\(s.collection)\";\nexport enum Field {\n"
      + fields.map { "  \(constant($0)) = \"\($0)\"," }.joined(separator: "\n") + "\n}\n"
    let run = s.count ? "getCountFromServer" : "getDocs"
    let root = s.group ? "collectionGroup" : "collection"
    let helper = """
      import { \(root), query, \(run) } from "firebase/firestore";
      import { db } from "../firebase";
      export function load(name: string, ...constraints: QueryConstraint[]) {
        return \(run)(query(\(root)(db, name), ...constraints));
      }

      """
    var parts = ["COLLECTION"]
    for (field, op, value) in s.filters { parts.append("where(Field.\(constant(field)), \"\(op)\", \(value))") }
    for (field, descending) in s.orders {
      parts.append("orderBy(Field.\(constant(field))\(descending ? ", \"desc\"" : ""))")
    }
    if let limit = s.limit { parts.append("limit(\(limit))") }
    let page = """
      import { where, orderBy, limit } from "firebase/firestore";
      import { COLLECTION, Field } from "./names";
      import { load } from "./lib/load";
      export async function page() {
        return load(\(parts.joined(separator: ", ")));
      }

      """
    return [("src/names.ts", names), ("src/lib/load.ts", helper), ("src/page.ts", page)]
  }

  /// Kotlin: an object of names, a top-level function taking the collection name, a call site.
  static func kotlin(_ s: Shape) -> [(String, String)] {
    let names =
      "package app.data\n\nobject Names {\n    const val COLLECTION = \"\(s.collection)\"\n"
      + fields.map { "    const val \(constant($0)) = \"\($0)\"" }.joined(separator: "\n") + "\n}\n"
    let helper = """
      package app.data

      import com.google.firebase.firestore.FirebaseFirestore

      fun base(name: String) = FirebaseFirestore.getInstance().\(s.group ? "collectionGroup" : "collection")(name)

      """
    var chain = "base(Names.COLLECTION)"
    for (field, op, value) in s.filters {
      let written = value.hasPrefix("[") ? "listOf(\(value.dropFirst().dropLast()))" : value
      chain += "\n            .\(SourceRoundTripTests.android[op]!)(Names.\(constant(field)), \(written))"
    }
    for (field, descending) in s.orders {
      chain += ".orderBy(Names.\(constant(field))\(descending ? ", Query.Direction.DESCENDING" : ""))"
    }
    if let limit = s.limit { chain += ".limit(\(limit))" }
    chain += s.count ? ".count().get(AggregateSource.SERVER)" : ".get()"
    let page = """
      package app.feed

      import app.data.Names
      import com.google.firebase.firestore.Query

      class Feed {
          fun load() {
              \(chain)
          }
      }

      """
    return [("app/data/Names.kt", names), ("app/data/Base.kt", helper), ("app/feed/Feed.kt", page)]
  }

  /// Dart: a constants file, a top-level helper taking the collection name, a call site.
  static func dart(_ s: Shape) -> [(String, String)] {
    let names =
      "const String collectionName = '\(s.collection)';\nclass Fields {\n"
      + fields.map { "  static const String \(constant($0)) = '\($0)';" }.joined(separator: "\n") + "\n}\n"
    let helper = """
      import 'package:cloud_firestore/cloud_firestore.dart';

      Query base(String name) => FirebaseFirestore.instance.\(s.group ? "collectionGroup" : "collection")(name);

      """
    var chain = "base(collectionName)"
    for (field, op, value) in s.filters {
      chain += "\n      .where(Fields.\(constant(field)), \(SourceRoundTripTests.dartConditions[op]!): \(value))"
    }
    for (field, descending) in s.orders {
      chain += ".orderBy(Fields.\(constant(field))\(descending ? ", descending: true" : ""))"
    }
    if let limit = s.limit { chain += ".limit(\(limit))" }
    chain += s.count ? ".count().get()" : ".get()"
    let page = """
      import 'consts.dart';
      import 'base.dart';

      Future<void> load() async {
        await \(chain);
      }

      """
    return [("lib/consts.dart", names), ("lib/base.dart", helper), ("lib/page.dart", page)]
  }

  static func read(_ files: [(String, String)]) -> SourceExtraction {
    SourceQueryReader.read(files.map { ($0.0, Array($0.1.utf8)) })
  }

  @Test("TypeScript, Kotlin and Dart split across a constants file, a helper and a call site")
  func roundTrip() {
    var random = SplitMix64(seed: 27)
    for _ in 0..<100 {
      let s = SourceRoundTripTests.shape(&random)
      SourceRoundTripTests.check(s, Self.read(Self.typescript(s)), "typescript")
      SourceRoundTripTests.check(s, Self.read(Self.kotlin(s)), "kotlin")
      SourceRoundTripTests.check(s, Self.read(Self.dart(s)), "dart")
    }
  }
}

/// Places a query can run from that are not a function body.
@Suite("Swift queries outside functions")
struct SwiftOutsideFunctionTests {
  @Test("top-level code and stored property initialisers are read")
  func outside() {
    let main = """
      let snapshot = try await Firestore.firestore().collection("a").whereField("x", isEqualTo: 1).getDocuments()
      """
    let model = """
      final class Model {
        lazy var listener = Firestore.firestore().collection("b").order(by: "y").addSnapshotListener { _, _ in }
      }
      """
    let found = SwiftQueryExtractor.extract([("main.swift", main), ("Model.swift", model)])
    #expect(
      found.queries.map(\.dsl) == [
        #"collection("b").orderBy("y")"#, #"collection("a").where("x", "==", 1)"#,
      ])
    #expect(found.queries.map(\.place.description) == ["Model.swift:2", "main.swift:1"])
  }
}
