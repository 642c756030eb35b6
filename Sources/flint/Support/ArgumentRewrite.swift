import FlintKit

/// Command-line fix-ups before ArgumentParser sees the arguments.
enum ArgumentRewrite {
  /// `flint expr`'s options, with whether each takes a value.
  static let exprOptions: [String: Bool] = [
    "--format": true, "--rules": true, "--at": true, "--data": true, "--bindings": true, "--batch": true,
    "-h": false, "--help": false,
  ]

  /// `flint expr -1 + 2` or `flint expr "-x < 0"`: the expression starts with `-` but is no
  /// option, so a `--` goes before it (ArgumentParser would otherwise reject it as an
  /// unknown option).
  static func expr(_ arguments: [String]) -> [String] {
    guard arguments.first == "expr", !arguments.contains("--") else { return arguments }
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      if let takesValue = exprOptions[name] {
        index += takesValue && !argument.contains("=") ? 2 : 1
        continue
      }
      if argument.hasPrefix("-") && argument.count > 1 {
        return Array(arguments[..<index]) + ["--"] + arguments[index...]
      }
      index += 1
    }
    return arguments
  }

  /// `flint test --coverage` with no format (last, or before something that is no format)
  /// means `--coverage text`: ArgumentParser options always take a value.
  static func coverage(_ arguments: [String]) -> [String] {
    guard arguments.first == "test" else { return arguments }
    var rewritten = arguments
    var index = (arguments.firstIndex(of: "--") ?? arguments.count) - 1
    while index > 0 {
      if rewritten[index] == "--coverage" {
        let next = index + 1 < rewritten.count ? rewritten[index + 1] : nil
        if next.map({ CoverageFormat(rawValue: $0) != nil }) != true { rewritten.insert("text", at: index + 1) }
      }
      index -= 1
    }
    return rewritten
  }
}
