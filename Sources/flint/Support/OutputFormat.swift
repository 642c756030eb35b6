import ArgumentParser

/// `--format text|json`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
}
