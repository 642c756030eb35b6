import FlintKit
import SourceQueries

/// Front door: app source read for queries (`flint indexes SOURCE-FOLDER`), one file per input
/// in one language (a target per language). The reader must end (libFuzzer's timeout is the
/// hang check), every query and unresolved entry must name a place inside the file, and what it
/// lists must stay bounded by the input's size.
public enum SourceHarness {
  /// Variants one place may list (the readers' bound on conditional variants).
  static let variantsPerPlace = 64

  /// `language`: a `SourceLanguage` raw value (`swift`, `typescript`, ...).
  public static func run(_ bytes: [UInt8], language: String) throws(InvariantViolation) {
    guard let language = SourceLanguage(rawValue: language) else {
      throw InvariantViolation("no source language '\(language)'")
    }
    let name = "input." + language.extensions[0]
    let read = SourceWorkload.read([(name: name, bytes: bytes)], readsAll: true)
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let helpers = read.extraction.queries.compactMap(\.via) + read.extraction.unresolved.compactMap(\.via)
    let places =
      read.extraction.queries.map(\.place) + read.extraction.unresolved.map(\.place) + read.invalid.map(\.place)
      + helpers.flatMap { [$0.place] + $0.through }
    for place in places where place.file != name || place.line < 1 || place.line > lines || place.column < 1 {
      throw InvariantViolation(
        "a query at \(place.file):\(place.line):\(place.column), outside the \(lines)-line input")
    }
    let listed = read.extraction.queries.count + read.extraction.unresolved.count
    if listed > variantsPerPlace * (bytes.count + 1) {
      throw InvariantViolation("\(listed) queries listed for a \(bytes.count)-byte input")
    }
    let text = SourceQueryListing.text(read.extraction)
    try Invariants.bounded(text, limit: 1024 + listed * (16 * bytes.count + 256), what: "query listing")
    _ = SourceQueryListing.json(read.extraction)
  }
}
