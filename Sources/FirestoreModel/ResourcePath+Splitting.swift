extension ResourcePath {
  /// The segments of a slash-separated path text: the one splitter for document and collection
  /// paths, whoever wrote the text (a rules `path()`, a test case, a query, the client SDKs).
  ///
  /// One leading `/` is allowed; with `allowingTrailingSlash` one trailing `/` too (the client
  /// SDKs read `users/` as `users`). Any other empty segment (`users//x`) makes the text no
  /// path, so nil: an empty segment is an error, never silently dropped. The empty text (or a
  /// lone `/`) has no segments.
  package static func segments(of text: Substring, allowingTrailingSlash: Bool = false) -> [String]? {
    var body = text
    if body.first == "/" { body = body.dropFirst() }
    if allowingTrailingSlash, body.last == "/" { body = body.dropLast() }
    if body.isEmpty { return [] }
    var segments: [String] = []
    for part in body.split(separator: "/", omittingEmptySubsequences: false) {
      if part.isEmpty { return nil }
      segments.append(String(part))
    }
    return segments
  }

  /// `segments(of:allowingTrailingSlash:)` of a whole string.
  package static func segments(of text: String, allowingTrailingSlash: Bool = false) -> [String]? {
    segments(of: text[...], allowingTrailingSlash: allowingTrailingSlash)
  }
}
