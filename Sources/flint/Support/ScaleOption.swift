import IndexAdvisor

/// `--scale COLLECTION=N` (repeatable), for `flint query` and `flint indexes --reads`.
enum ScaleOption {
  static func parse(_ values: [String]) throws(UsageProblem) -> CollectionScale {
    var scale = CollectionScale()
    for value in values {
      do {
        try scale.set(parsing: value)
      } catch {
        throw UsageProblem("invalid --scale: \(error.message)")
      }
    }
    return scale
  }
}
