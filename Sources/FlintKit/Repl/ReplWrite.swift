/// A single-document request typed at the prompt, before it is turned into a rules request.
package enum ReplWrite {
  /// The request words, with the meaning `DocumentRequest` gives them everywhere: `set` creates
  /// or replaces; `update` merges onto the stored document.
  package typealias Kind = DocumentRequest.Kind
}
