extension ChainExtraction {
  /// The dialect and SDK surface of a language the chain reader reads (nil: Swift, read with swift-syntax).
  static func reader(for language: SourceLanguage) -> (dialect: any ChainDialect, surface: any ChainSurface)? {
    switch language {
    case .typescript, .javascript: (JSDialect(), JSSurface())
    case .kotlin: (KotlinDialect(), AndroidSurface())
    case .java: (JavaDialect(), AndroidSurface())
    case .dart: (DartDialect(), FlutterSurface())
    case .swift: nil
    }
  }
}
