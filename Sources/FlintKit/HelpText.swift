/// The short forms of Docs/suites.md and Docs/queries.md, printed by `flint help suites`
/// and `flint help queries`.
package enum HelpText {
  package static let suites = """
    flint test: rule-test suites (full reference: Docs/suites.md)

    A suite is a JSON or YAML file with a top-level `cases` key:
      rules: firestore.rules          rules file, relative to the suite's folder (required)
      time: "2024-05-01T12:00:00Z"    default request.time (default 1970-01-01T00:00:00Z)
      database: analytics             the database requests go to (default (default), or --database)
      data:                           seed documents: {path: fields} or a file name (tagged or REST JSON, YAML)
        users/alice: {name: Alice}
      cases:
        - name: alice reads herself   unique within the suite
          seed: {...} | file          replaces `data` for this case only
          database: ...               this case's database
          request: {...}              one request, or
          batch: [{...}, ...]         get and write requests, all-or-nothing (getAfter sees them all)
          expect: allow | deny | not-found | already-exists
                                      not-found: an update of a missing document; already-exists:
                                      a create of a stored one (Firestore fails both before the rules run)

    request:
      method: get | list | create | update | delete   (optional with update/set)
      path: users/alice               relative to /databases/<database>/documents
      auth: {uid: alice, token: {admin: true}}         omitted or null: signed out
      time: "..."                     this request's request.time
      data: {...}                     create/update: the whole document after the write
      update: {"a.b": v, ...}         only the changed fields (dotted paths), merged onto the stored document
      set: {...}                      create or overwrite; with merge: true or mergeFields: [a.b, ...]
      query: 'collection("posts").where("owner", "==", auth.uid).limit(10)'   list only

    data tags: {__timestamp__: "2024-01-01T00:00:00Z"}  {__ref__: "users/alice"}  {__bytes__: "AQI="}
      {__latlng__: [48.8, 2.3]}  {__double__: "NaN"}  {__server_timestamp__: true} (= request.time)
    write transforms (update/set): {__increment__: 1}  {__array_union__: [x]}  {__array_remove__: [x]}
      {__delete__: true}

    flint test [--format text|json|junit] [--explain short|full] [--coverage [text|json|lcov]]
      [--coverage-out FILE] [--min-coverage PERCENT] [--database ID] [SUITE|DIR...]
    A folder runs the files in it that are suites; no SUITE, those of the current folder. An invalid
    case is reported with all its problems while the others run. Exit: 0 all passed, 1 a case failed
    (or coverage below --min-coverage), 2 invalid.

    """

  package static let queries = """
    flint query: the query DSL (full reference: Docs/queries.md)

      collection("posts").where("owner", "==", auth.uid).orderBy("at", "desc").limit(10)
      collection("clubs/dickens/posts").where(or(where("a", "==", 1), where("b", "==", 2)))
      collectionGroup("reviews").where("rating", ">=", 4)
      query(collection(db, "users"), where("age", ">", 18), orderBy("age"))
      collection("users").where(documentId(), "in", ["alice", "bob"]).count()

    operators: < <= == != >= > array-contains in array-contains-any not-in; and(...) or(...)
    steps: orderBy limit limitToLast offset startAt startAfter endAt endBefore select
           count() sum(f) avg(f)
    values: JSON literals, NaN, Infinity, timestamp("2024-01-01T00:00:00Z"), ref("/users/alice"),
            geopoint(lat, lng), bytes("base64"), auth.uid, auth.token.<claim>, request.time,
            and --var NAME=VALUE names
    single documents: get PATH | delete PATH | create|set PATH --data-json DOC | update PATH --data-json CHANGES
      (update merges the changed fields, "a.b" paths and transforms allowed; NOT_FOUND when the document
      is missing, ALREADY_EXISTS for a create of a stored one)

    flint query [--rules F] [--data F] [--auth JSON] [--time T] [--var N=V]... [--format text|json] QUERY
    Without --auth the query is signed out (request.auth is null).
    Exit: 0 valid and allowed, 1 invalid or denied, 2 usage or input problems.

    """
}
