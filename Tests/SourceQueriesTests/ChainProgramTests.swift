import Foundation
import SourceQueries
import Testing

/// The chain reader reads a language group as one program: names declared in any file, helpers
/// followed from their call sites, only calls on a Firestore receiver, bounded work.
@Suite("Chain reader: whole programs")
struct ChainProgramTests {
  static func read(_ files: [(String, String)]) -> SourceExtraction {
    SourceQueryReader.read(files.map { ($0.0, Array($0.1.utf8)) })
  }

  static func dsl(_ extraction: SourceExtraction) -> [String] { extraction.queries.map(\.dsl) }

  // MARK: Only real queries

  @Test("Flutter widgets, list where, helpers past the bound: no query, no warning")
  func flutterNonQueries() {
    var helpers = ""
    var calls = ""
    for index in 0..<300 {
      helpers +=
        "  Color _statusColor\(index)(BuildContext context, String s) => s == 'a' ? Colors.red : Colors.blue;\n"
      calls +=
        "        Text('Create \(index)'), _statusColor\(index)(context, status), _statusColor0(context, status),\n"
    }
    let screen = """
      import 'package:flutter/material.dart';

      class Screen extends StatelessWidget {
      \(helpers)
        Widget build(BuildContext context) {
          final done = items.where((item) => item.done).toList();
          final first = lookup['a'];
          return Column(children: [
      \(calls)
          ]);
        }
      }
      """
    let found = Self.read([("lib/screen.dart", screen)])
    #expect(found.queries.isEmpty)
    #expect(found.unresolved.isEmpty, "\(found.unresolved.prefix(3))")
  }

  @Test("collection() on a receiver that is no Firestore (MongoDB, Backbone) is no query")
  func mongoIsNoQuery() {
    let mongo = """
      const { MongoClient } = require("mongodb");
      async function users(db) {
        return db.collection("users").find({ age: { $gt: 3 } }).toArray();
      }
      function list(items) { return items.filter((x) => x.on).map((x) => x.id); }
      """
    let found = Self.read([("server/users.js", mongo)])
    #expect(found.queries.isEmpty)
    #expect(found.unresolved.isEmpty)
  }

  @Test("the database from another file roots a query in a file that imports no SDK")
  func databaseAcrossFiles() {
    let firebase = """
      import { initializeApp } from "firebase/app";
      import { getFirestore } from "firebase/firestore";
      export const db = getFirestore(initializeApp({}));
      """
    let page = """
      import { db } from "../lib/firebase";
      export async function load() { return db.collection("posts").where("live", "==", true).get(); }
      """
    #expect(
      Self.dsl(Self.read([("src/lib/firebase.ts", firebase), ("src/pages/Page.ts", page)])) == [
        #"collection("posts").where("live", "==", true)"#
      ])
  }

  // MARK: Whole-program names

  @Test("TypeScript enums and as-const objects through a barrel, renamed and namespace imports")
  func enumsAndBarrels() {
    let names = """
      export enum FirestoreCollection { Users = "users", Posts = "posts" }
      export const Fields = { author: "author", meta: { at: "createdAt" } } as const;
      """
    let barrel = """
      export * from "./names";
      export { Fields as F } from "./names";
      """
    let use = """
      import { collection, query, where, orderBy, getDocs } from "firebase/firestore";
      import { FirestoreCollection as C, F } from "@acme/shared";
      import * as shared from "@acme/shared";
      import db from "./db";
      export async function feed(uid: string) {
        await getDocs(query(collection(db, C.Posts), where(F.author, "==", uid), orderBy(shared.Fields.meta.at)));
        return getDocs(query(collection(db, shared.FirestoreCollection.Users), where(F["author"], "==", uid)));
      }
      """
    let db = "import { getFirestore } from \"firebase/firestore\";\nexport default getFirestore();\n"
    let found = Self.read([
      ("packages/shared/src/names.ts", names), ("packages/shared/src/index.ts", barrel),
      ("apps/web/src/feed.ts", use), ("apps/web/src/db.ts", db),
    ])
    #expect(
      Self.dsl(found) == [
        #"collection("posts").where("author", "==", uid).orderBy("createdAt")"#,
        #"collection("users").where("author", "==", uid)"#,
      ])
    #expect(found.unresolved.isEmpty)
  }

  @Test("Kotlin objects, companion constants and imports; Java constants interfaces; Dart consts")
  func constantsAcrossFiles() {
    let names = """
      package app.data
      object Collections {
          const val POSTS = "posts"
      }
      const val AUTHOR = "author"
      """
    let repo = """
      package app.feed
      import app.data.Collections.POSTS
      import app.data.AUTHOR
      import com.google.firebase.firestore.FirebaseFirestore
      class Repo(private val db: FirebaseFirestore) {
          fun load(uid: String) = db.collection(POSTS).whereEqualTo(AUTHOR, uid).get()
      }
      """
    let keys = """
      package app.data;
      public interface Keys {
          String ORDERS = "orders";
          String TOTAL = "total";
      }
      """
    let java = """
      package app.shop;
      import static app.data.Keys.*;
      import com.google.firebase.firestore.FirebaseFirestore;
      class Shop {
          void load() { FirebaseFirestore.getInstance().collection(ORDERS).orderBy(Keys.TOTAL).get(); }
      }
      """
    let android = Self.read([
      ("app/data/Names.kt", names), ("app/feed/Repo.kt", repo), ("app/data/Keys.java", keys),
      ("app/shop/Shop.java", java),
    ])
    #expect(
      Self.dsl(android).sorted() == [
        #"collection("orders").orderBy("total")"#, #"collection("posts").where("author", "==", uid)"#,
      ])
    let consts = """
      const usersCollection = 'users';
      class Fields {
        static const String age = 'age';
      }
      """
    let dart = """
      import 'package:cloud_firestore/cloud_firestore.dart';
      import 'consts.dart';
      Future<void> load() async {
        await FirebaseFirestore.instance.collection(usersCollection).where(Fields.age, isGreaterThan: 3).get();
      }
      """
    #expect(
      Self.dsl(Self.read([("lib/consts.dart", consts), ("lib/load.dart", dart)])) == [
        #"collection("users").where("age", ">", 3)"#
      ])
  }

  // MARK: Call sites give the values

  @Test("a hook fed by its callers: one query per call site, spread constraints; an unbound name once")
  func hooksFedByCallers() {
    let hook = """
      import { collection, query, onSnapshot, where, orderBy } from "firebase/firestore";
      import { db } from "./firebase";
      export function useCollection(name: string, ...constraints: QueryConstraint[]) {
        useEffect(() => onSnapshot(query(collection(db, name), ...constraints), () => {}), [name]);
      }
      """
    let pages = """
      import { where, orderBy, limit } from "firebase/firestore";
      export function Feed({ uid }) {
        useCollection("posts", where("author", "==", uid), orderBy("at", "desc"));
        const recent = [orderBy("at", "desc"), limit(10)];
        useCollection("news", ...recent);
        return null;
      }
      export function Any({ kind }) {
        useCollection(kind);
        return null;
      }
      """
    let found = Self.read([("src/useCollection.ts", hook), ("src/pages.tsx", pages)])
    #expect(
      Self.dsl(found) == [
        #"collection("posts").where("author", "==", uid).orderBy("at", "desc")"#,
        #"collection("news").orderBy("at", "desc").limit(10)"#,
      ])
    #expect(found.queries.map(\.place.description) == ["src/pages.tsx:3", "src/pages.tsx:5"])
    #expect(found.unresolved.map(\.place.description) == ["src/pages.tsx:9"])
    #expect(found.unresolved.first?.reason.contains("useCollection()") == true)
  }

  @Test("a query whose orderBy comes from code Flint cannot follow is unresolved, never listed without it")
  func neverAClauseLess() {
    let text = """
      import { collection, query, where, getDocs } from "firebase/firestore";
      export async function load(db, extra) {
        return getDocs(query(collection(db, "posts"), where("a", "==", 1), ...extra.constraints));
      }
      """
    let found = Self.read([("src/load.ts", text)])
    #expect(found.queries.isEmpty)
    #expect(found.unresolved.count == 1)
  }

  @Test("two array-contains filters: the query is listed as written")
  func invalidQueriesAreListed() {
    let text = """
      const admin = require("firebase-admin");
      exports.run = async () => admin.firestore().collection("a")
        .where("tags", "array-contains", "x").where("roles", "array-contains", "y").get();
      """
    #expect(
      Self.dsl(Self.read([("functions/index.js", text)])) == [
        #"collection("a").where("tags", "array-contains", "x").where("roles", "array-contains", "y")"#
      ])
  }

  // MARK: Web components

  @Test("the script blocks of .vue and .svelte files are read, at their places in the file")
  func webComponents() {
    let vue = """
      <template>
        <div v-for="p in posts">{{ p.title }}</div>
      </template>
      <script setup lang="ts">
      import { collection, query, where, getDocs } from "firebase/firestore";
      const posts = await getDocs(query(collection(db, "posts"), where("live", "==", true)));
      </script>
      <style>.a { color: red }</style>
      """
    let svelte = """
      <script>
        import { collection, getDocs } from "firebase/firestore";
        getDocs(collection(db, "items"));
      </script>
      <h1>{name}</h1>
      """
    let found = Self.read([("src/App.vue", vue), ("src/Items.svelte", svelte)])
    #expect(Self.dsl(found) == [#"collection("posts").where("live", "==", true)"#, #"collection("items")"#])
    #expect(found.queries.map(\.place.description) == ["src/App.vue:6", "src/Items.svelte:3"])
    #expect(found.queries.map(\.language) == [.typescript, .javascript])
  }

  // MARK: Linear time

  /// A minified-bundle shape: function expressions nested `depth` deep, each level calling
  /// helpers that call each other, and many top-level names.
  static func bundle(depth: Int, width: Int) -> String {
    var text = "var firebase = require('firebase');\n"
    for index in 0..<width { text += "var v\(index) = \(index);\n" }
    text += "function h0(a){return a+1}\n"
    for level in 1..<12 { text += "function h\(level)(a){return h\(level - 1)(a)+h\(level - 1)(a)}\n" }
    for _ in 0..<depth { text += "var f = function(x){ if (x) { x = h11(x); } var g = 1;\n" }
    for _ in 0..<depth { text += "};\n" }
    return text
  }

  @Test("the work grows linearly with the source: nested function expressions, helper fan-out")
  func linearWork() {
    let small = Self.bundle(depth: 35, width: 500)
    let large = Self.bundle(depth: 140, width: 2000)
    let smallWork = JSQueryExtractor.work([("a.js", small)])
    let largeWork = JSQueryExtractor.work([("a.js", large)])
    // Four times the source, at most about four times the work (a quadratic reader does 16 times).
    #expect(largeWork < 6 * smallWork, "\(smallWork) -> \(largeWork)")
    #expect(largeWork < 40 * large.utf8.count, "\(largeWork) for \(large.utf8.count) bytes")
  }
}

extension ChainProgramTests {
  @Test("writes and document reads are no queries: addDoc, add, getDoc")
  func writesAreNoQueries() {
    let js = """
      import { collection, addDoc, getDoc, doc } from "firebase/firestore";
      export async function save(db, review) {
        await addDoc(collection(db, "reviews"), review);
        return getDoc(doc(db, "reviews", "a"));
      }
      """
    let kotlin = """
      import com.google.firebase.firestore.FirebaseFirestore
      fun save(db: FirebaseFirestore, post: Post) { db.collection("posts").add(post) }
      """
    let found = Self.read([("src/save.ts", js), ("app/Save.kt", kotlin)])
    #expect(found.queries.isEmpty)
    #expect(found.unresolved.isEmpty)
  }

  // MARK: Dead code

  /// The places of the queries read, each with `dead` when it is.
  static func deadness(_ extraction: SourceExtraction) -> [String] {
    extraction.queries.map { "\($0.place.description)\($0.dead ? " dead" : "")" }
  }

  static let query = "FirebaseFirestore.instance.collection('posts').where('a', isEqualTo: 1).get();"

  @Test("Dart: only code nothing reaches is dead; what a framework or a callback may call is live")
  func deadCode() {
    let files = [
      ("app/lib/main.dart", "import 'package:app/src/screen.dart';\nexport 'src/shared.dart';\nvoid main() {}\n"),
      (
        "app/lib/src/screen.dart",
        """
        part 'screen.g.dart';
        class Screen extends State<X> {
          @override
          void initState() { \(Self.query) }
          void onTap() { \(Self.query) }
          void refresh() { \(Self.query) }
          Widget build(BuildContext context) => Button(onPressed: onTap);
          void neverNamed() { \(Self.query) }
        }
        void helper() { refresh(); }
        """
      ),
      ("app/lib/src/screen.g.dart", "part of 'screen.dart';\nvoid generated() { \(Self.query) }\n"),
      ("app/lib/src/shared.dart", "void shared() { \(Self.query) }\nvoid useShared() { shared(); }\n"),
      ("app/lib/src/old.dart", "import 'older.dart';\nvoid old() { older(); \(Self.query) }\n"),
      ("app/lib/src/older.dart", "void older() { \(Self.query) }\n"),
      ("app/test/screen_test.dart", "void check() { \(Self.query) }\n"),
    ]
    #expect(
      Self.deadness(Self.read(files)) == [
        "app/lib/src/old.dart:2 dead", "app/lib/src/older.dart:1 dead", "app/lib/src/screen.dart:4",
        "app/lib/src/screen.dart:5", "app/lib/src/screen.dart:6", "app/lib/src/screen.dart:8 dead",
        "app/lib/src/screen.g.dart:2 dead", "app/lib/src/shared.dart:1", "app/test/screen_test.dart:1 dead",
      ])
    // Read without its entry point (main), nothing in the folder is dead: its callers may be elsewhere.
    let alone = Self.read(files.filter { $0.0 != "app/lib/main.dart" })
    #expect(alone.queries.allSatisfy { !$0.dead }, "\(Self.deadness(alone))")
  }

  @Test("Dart: a parameter left out is null and its branch is not taken; a field that starts null keeps both")
  func nullBranches() {
    let repository = """
      import 'package:cloud_firestore/cloud_firestore.dart';
      class Repo {
        DocumentSnapshot? last = null;
        Query page({String? tag}) {
          Query q = FirebaseFirestore.instance.collection('posts').orderBy('at');
          if (tag != null) { q = q.where('tag', isEqualTo: tag); }
          if (last != null) { q = q.where('after', isEqualTo: 1); }
          return q;
        }
      }
      """
    let screen = "void main() { Repo().page().get(); }\n"
    let found = Self.read([("lib/repo.dart", repository), ("lib/main.dart", screen)])
    #expect(
      Self.dsl(found).sorted() == [
        "collection(\"posts\").orderBy(\"at\")", "collection(\"posts\").orderBy(\"at\").where(\"after\", \"==\", 1)",
      ])
    #expect(found.queries.allSatisfy { $0.place.description == "lib/main.dart:1" })
  }

  @Test("Dart: a method also called on a receiver Flint does not know stays listed where written, every variant")
  func unknownReceiverKeepsVariants() {
    let repository = """
      import 'package:cloud_firestore/cloud_firestore.dart';
      class Repo {
        Future<QuerySnapshot> page({String? tag}) {
          Query q = FirebaseFirestore.instance.collection('posts').orderBy('at');
          if (tag != null) { q = q.where('tag', isEqualTo: tag); }
          return q.get();
        }
      }
      """
    let screen = "void main() { Repo().page(); widget.repo.page(tag: 'a'); }\n"
    let found = Self.read([("lib/repo.dart", repository), ("lib/main.dart", screen)])
    #expect(Self.dsl(found).count == 2, "\(Self.dsl(found))")
    #expect(found.queries.allSatisfy { $0.place.description == "lib/repo.dart:6" }, "\(Self.deadness(found))")
  }
}
