/// Whole-file checks: the 256 KB source limit, the `rules_version` value and the service name
/// (rules-language §1.1, §2 note 1, §6.8).
enum FileChecks {
  /// 256 KB (rules-language §1.1, §6.8).
  static let maxSourceBytes = 262_144

  static func run(_ file: RulesFile, source: SourceFile) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    if source.bytes.count > maxSourceBytes {
      diagnostics.append(
        .error(
          .checkSourceTooLarge,
          "rules source is \(source.bytes.count) bytes; the limit is \(maxSourceBytes) bytes (256 KB)",
          at: .at(maxSourceBytes)))
    }
    if let version = file.version, version.version == nil {
      diagnostics.append(
        .error(
          .checkInvalidRulesVersion, "rules_version must be '1' or '2', not \(LiteralText.string(version.value))",
          at: version.range))
    }
    if let service = file.service, RulesService.named(service.name.name) == nil {
      let checked = RulesService.known.map { "'service \($0.name)'" }.joined(separator: ", ")
      diagnostics.append(
        .error(
          .checkUnsupportedService,
          "service '\(service.name.name)' is not supported; Flint evaluates only \(checked)",
          at: service.name.range))
    }
    return diagnostics
  }
}
