import ArgumentParser
import FlintKit

/// `flint test --format text|json|junit`.
enum TestFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
  case junit
}

extension CoverageFormat: ExpressibleByArgument {}
