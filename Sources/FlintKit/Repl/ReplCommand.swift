/// One line of `flint repl` input, parsed.
///
/// Requests and queries need no prefix (`get /users/alice`, `collection("posts")...`);
/// meta commands start with `:`.
package enum ReplCommand: Equatable, Sendable {
  /// A single-document request; `json` is the object text for create/update/set
  /// (columns are 1-based, for messages).
  case request(ReplWrite.Kind, path: String, pathColumn: Int, json: String?, jsonColumn: Int)
  /// A Cloud Storage request (`upload`, `download`, `list`; with Storage rules loaded also
  /// `get`, `create`, `update` and `delete` on an object): `json` is the uploaded object's
  /// metadata (upload/create) or the changed metadata (update).
  case objectRequest(ObjectVerb, path: String, pathColumn: Int, json: String?, jsonColumn: Int)
  /// Query DSL text.
  case query(String)
  /// `:batch`, `:commit` (ends a batch), `:abort`.
  case batchBegin
  case batchCommit
  case batchAbort
  /// `:as alice [{claims}]`, `:as anonymous`, `:as nobody`.
  case asUser(ReplUser, claimsJSON: String?, claimsColumn: Int)
  /// `:time RFC3339|now` (the value's 1-based column, for messages).
  case time(String, column: Int)
  /// `:var NAME=VALUE` (a value for a name queries use; the text after `:var`, with its
  /// 1-based column), or `:var` alone (lists the values).
  case variable(String?, column: Int)
  /// `:data [PATH]`.
  case showData(String?)
  /// `:load rules|data|indexes FILE`.
  case load(ReplFileKind, String)
  /// `:explain on|off`.
  case explain(Bool)
  /// `:indexes`.
  case indexes
  /// `:analyze QUERY`: Query Explain's report of a query on the session's data.
  case analyze(String)
  /// `:save indexes FILE`.
  case saveIndexes(String)
  /// `:commit on|off`: whether allowed writes change the in-memory data.
  case applyWrites(Bool)
  /// `:more`: the next page of the last query's results.
  case more
  case history
  case help(String?)
  case quit
  /// A blank line or a `#` comment.
  case nothing
}
