extension Keys.Fields {
  static let createdAt = "createdAt"
}

extension Keys {
  static let quotes = "quotes"
  static let highlights = "high\u{6C}ights"
}
