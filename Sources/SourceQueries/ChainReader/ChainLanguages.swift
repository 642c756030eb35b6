extension ChainExtraction {
  /// The dialect and SDK surface of a language the chain reader reads.
  static func reader(for language: SourceLanguage) -> (dialect: any ChainDialect, surface: any ChainSurface)? {
    switch language {
    case .typescript, .javascript: (JSDialect(), JSSurface())
    case .kotlin: (KotlinDialect(), AndroidSurface())
    case .java: (JavaDialect(), AndroidSurface())
    case .dart: (DartDialect(), FlutterSurface())
    case .swift: nil
    }
  }

  /// The files of one language (not Swift), read with its dialect and surface.
  static func extract(
    _ files: [(name: String, text: String)], language: SourceLanguage, into findings: inout SourceFindings
  ) {
    guard let reader = reader(for: language) else { return }
    extract(files, dialect: reader.dialect, surface: reader.surface, into: &findings) { _ in language }
  }
}
