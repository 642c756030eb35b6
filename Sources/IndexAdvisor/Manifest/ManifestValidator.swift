import FirestoreModel

/// The checks behind `ManifestReader`, one method per manifest object.
struct ManifestValidator {
  let file: String
  var warnings: [String] = []
  private var warnedLegacy = false
  private var warnedScope = false

  init(file: String) {
    self.file = file
  }

  static let maxFields = 100
  static let maxVectorDimension: Int64 = 2048

  mutating func manifest(_ root: JSONValue) throws(JSONError) -> IndexManifest {
    let path = JSONPath.root
    guard case .object(let object) = root else {
      throw JSONError("the manifest must be a JSON object with \"indexes\" and \"fieldOverrides\"", path: path)
    }
    guard let indexesValue = object["indexes"] else { throw mustContain("indexes", object, at: path) }
    guard case .array(let indexItems) = indexesValue else { throw typeError("indexes", "array", at: path) }
    // Duplicates are kept (writing the file back loses no entry) and warned about: `firebase
    // deploy` skips an index that already exists and patches a field once per override
    // (Docs/fidelity/indexes.md).
    var indexes: [CompositeIndex] = []
    var seen: [CompositeIndex.ComparisonKey: Int] = [:]
    for (i, item) in indexItems.enumerated() {
      let itemPath = path.appending("indexes").appending(i)
      let index = try compositeIndex(item, at: itemPath)
      if let first = seen[index.comparisonKey] {
        warnings.append(
          "\(file): \(itemPath): duplicate index, the same as $.indexes[\(first)] once the implicit __name__ field "
            + "is added: \(index); `firebase deploy` skips an index that already exists; remove the copy")
      } else {
        seen[index.comparisonKey] = i
      }
      indexes.append(index)
    }
    var overrides: [FieldOverride] = []
    if let overridesValue = object["fieldOverrides"] {
      guard case .array(let items) = overridesValue else { throw typeError("fieldOverrides", "array", at: path) }
      var seenFields: [String: Int] = [:]
      for (i, item) in items.enumerated() {
        let itemPath = path.appending("fieldOverrides").appending(i)
        let override = try fieldOverride(item, at: itemPath)
        if let first = seenFields[override.key] {
          let same = overrides[first].sameConfiguration(as: override)
          warnings.append(
            "\(file): \(itemPath): duplicate field override for \(override.collectionGroup).\(override.fieldPathText) "
              + "(also $.fieldOverrides[\(first)])"
              + (same
                ? "; remove it"
                : " with other indexes: Flint counts only the single-field indexes both list; keep one"))
        } else {
          seenFields[override.key] = i
        }
        overrides.append(override)
      }
    }
    return IndexManifest(indexes: indexes, fieldOverrides: overrides, source: object)
  }

  // MARK: Composite indexes

  mutating func compositeIndex(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> CompositeIndex {
    guard case .object(var object) = value else { throw JSONError("an index must be a JSON object", path: path) }
    object = upgradeLegacy(object)
    let group = try requiredString("collectionGroup", object, at: path)
    let scope: IndexScope
    if let scopeValue = object["queryScope"] {
      scope = try self.scope(scopeValue, object, at: path)
    } else {
      scope = .collection
      if !warnedScope {
        warnedScope = true
        warnings.append(
          "\(file): \(path): no \"queryScope\": read as COLLECTION, as `firebase deploy` does; write it out")
      }
    }
    try validateEditionSettings(object, at: path)
    guard let fieldsValue = object["fields"] else { throw mustContain("fields", object, at: path) }
    guard case .array(let items) = fieldsValue else { throw typeError("fields", "array", at: path) }
    var fields: [IndexField] = []
    for (i, item) in items.enumerated() {
      fields.append(try indexField(item, at: path.appending("fields").appending(i)))
    }
    let index = CompositeIndex(collectionGroup: group, scope: scope, fields: fields, source: object)
    try validateShape(index, at: path)
    return index
  }

  mutating func indexField(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> IndexField {
    guard case .object(var object) = value else { throw JSONError("an index field must be a JSON object", path: path) }
    object = Self.upgradingMode(object)
    let fieldPath = try parsedFieldPath(try requiredString("fieldPath", object, at: path), at: path)
    let kinds = ["order", "arrayConfig", "searchConfig", "vectorConfig"].filter { object[$0] != nil }
    guard kinds.count == 1 else {
      throw JSONError(
        "Must contain exactly one of \"order,arrayConfig,searchConfig,vectorConfig\": \(Self.objString(object))",
        path: path)
    }
    switch kinds[0] {
    case "order":
      let order = try oneOf("order", object["order"]!, ["ASCENDING", "DESCENDING"], object, at: path)
      return IndexField(fieldPath, order == "ASCENDING" ? .ascending : .descending)
    case "arrayConfig":
      _ = try oneOf("arrayConfig", object["arrayConfig"]!, ["CONTAINS"], object, at: path)
      return IndexField(fieldPath, .contains)
    case "vectorConfig":
      return IndexField(
        fieldPath, .vector(try vectorConfig(object["vectorConfig"]!, at: path.appending("vectorConfig"))))
    default:
      guard case .object = object["searchConfig"]! else { throw typeError("searchConfig", "object", at: path) }
      return IndexField(fieldPath, .search(object["searchConfig"]!))
    }
  }

  func vectorConfig(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> JSONValue {
    guard case .object(let config) = value else {
      throw JSONError("Property \"vectorConfig\" must be of type object", path: path)
    }
    guard let dimension = config["dimension"] else { throw mustContain("dimension", config, at: path) }
    let whole: Int64
    switch dimension {
    case .int(let i): whole = i
    case .double(let d) where d == d.rounded() && abs(d) < 1e15: whole = Int64(d)
    case .double:
      throw JSONError("vector dimension must be a whole number, found \(dimension)", path: path.appending("dimension"))
    default: throw JSONError("Property \"dimension\" must be of type number", path: path.appending("dimension"))
    }
    guard whole >= 1, whole <= Self.maxVectorDimension else {
      throw JSONError(
        "vector dimension must be between 1 and \(Self.maxVectorDimension), found \(whole)",
        path: path.appending("dimension"))
    }
    guard config["flat"] != nil else { throw mustContain("flat", config, at: path) }
    return value
  }

  /// Checks the backend makes at deploy time that the CLI does not.
  func validateShape(_ index: CompositeIndex, at path: JSONPath) throws(JSONError) {
    guard !index.fields.isEmpty else {
      throw JSONError("an index needs at least one field", path: path.appending("fields"))
    }
    guard index.fields.count <= Self.maxFields else {
      throw JSONError(
        "an index has at most \(Self.maxFields) fields, found \(index.fields.count)", path: path.appending("fields"))
    }
    if index.fields.filter({ $0.mode == .contains }).count > 1 {
      throw JSONError(
        "an index can have at most one array field (arrayConfig CONTAINS)", path: path.appending("fields"))
    }
    for (i, field) in index.fields.enumerated() where field.isKey {
      let after = index.fields[(i + 1)...]
      if after.contains(where: { if case .vector = $0.mode { return false } else { return true } }) {
        throw JSONError(
          "__name__ must be the last field (only vector fields may follow it)",
          path: path.appending("fields").appending(i))
      }
      if field.mode == .contains {
        throw JSONError("__name__ cannot be an array field", path: path.appending("fields").appending(i))
      }
    }
    let nonKey = index.cliNormalizedFields.filter { !$0.isKey }
    let keyField = index.cliNormalizedFields.first { $0.isKey }
    if nonKey.count == 1, nonKey[0].mode.isDirectional, keyField?.mode == nonKey[0].mode {
      throw JSONError(
        "this index is not necessary, configure using single field index controls (the backend refuses a composite "
          + "index of one field: \(index))", path: path.appending("fields"))
    }
    if nonKey.count == 1, nonKey[0].mode == .contains, keyField?.mode == .ascending {
      throw JSONError(
        "this index is not necessary, configure using single field index controls (the backend refuses a composite "
          + "index of one field: \(index))", path: path.appending("fields"))
    }
  }

  func validateEditionSettings(_ object: JSONObject, at path: JSONPath) throws(JSONError) {
    if let value = object["apiScope"] {
      _ = try oneOf("apiScope", value, ["ANY_API", "DATASTORE_MODE_API", "MONGODB_COMPATIBLE_API"], object, at: path)
    }
    if let value = object["density"] {
      _ = try oneOf("density", value, ["DENSITY_UNSPECIFIED", "SPARSE_ALL", "SPARSE_ANY", "DENSE"], object, at: path)
    }
    if let value = object["multikey"], case .bool = value {
    } else if object["multikey"] != nil {
      throw typeError("multikey", "boolean", at: path)
    }
    if object["unique"] != nil {
      throw JSONError("The `unique` index configuration is not supported yet.", path: path)
    }
  }

  /// The v1beta1 form (`collectionId`, `mode`) upgraded as `firebase deploy` does, with its warning.
  mutating func upgradeLegacy(_ object: JSONObject) -> JSONObject {
    guard object["collectionId"] != nil, object["collectionGroup"] == nil else { return object }
    if !warnedLegacy {
      warnedLegacy = true
      warnings.append(
        "firestore: your indexes indexes are specified in the v1beta1 API format. Please upgrade to the new index "
          + "API format by running firebase firestore:indexes again and saving the result.")
    }
    var upgraded = JSONObject()
    for member in object.members {
      switch member.key {
      case "collectionId": upgraded["collectionGroup"] = member.value
      case "fields":
        guard case .array(let fields) = member.value else {
          upgraded["fields"] = member.value
          continue
        }
        upgraded["fields"] = .array(fields.map(Self.upgradeLegacyField))
      default: upgraded[member.key] = member.value
      }
    }
    if upgraded["queryScope"] == nil { upgraded["queryScope"] = "COLLECTION" }
    return upgraded
  }

  private static func upgradeLegacyField(_ field: JSONValue) -> JSONValue {
    guard case .object(let object) = field else { return field }
    return .object(upgradingMode(object))
  }

  /// An index field's v1beta1 `mode` read as the CLI does before validating, in every format
  /// (firebase-tools `upgradeOldSpec`): ignored when the field has `order`, `arrayConfig` or
  /// `vectorConfig`; else `ARRAY_CONTAINS` becomes `arrayConfig: CONTAINS` and any other value
  /// becomes `order` (validated there: `"asc"` is still refused).
  static func upgradingMode(_ object: JSONObject) -> JSONObject {
    guard let mode = object["mode"] else { return object }
    var upgraded = JSONObject()
    let hasKind = ["order", "arrayConfig", "vectorConfig"].contains { object[$0] != nil }
    for member in object.members {
      guard member.key == "mode" else {
        upgraded[member.key] = member.value
        continue
      }
      if hasKind { continue }
      if mode == .string("ARRAY_CONTAINS") { upgraded["arrayConfig"] = "CONTAINS" } else { upgraded["order"] = mode }
    }
    return upgraded
  }

  // MARK: Field overrides

  func fieldOverride(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> FieldOverride {
    guard case .object(let object) = value else {
      throw JSONError("a field override must be a JSON object", path: path)
    }
    let group = try requiredString("collectionGroup", object, at: path)
    let text = try requiredString("fieldPath", object, at: path)
    let fieldPath: FieldPath? = text == "*" ? nil : try parsedFieldPath(text, at: path)
    var ttl: Bool?
    if let value = object["ttl"] {
      guard case .bool(let b) = value else { throw typeError("ttl", "boolean", at: path) }
      ttl = b
    }
    guard let indexesValue = object["indexes"] else { throw mustContain("indexes", object, at: path) }
    guard case .array(let items) = indexesValue else { throw typeError("indexes", "array", at: path) }
    var indexes: [FieldOverride.Index] = []
    for (i, item) in items.enumerated() {
      let itemPath = path.appending("indexes").appending(i)
      guard case .object(let entry) = item else {
        throw JSONError("an override index must be a JSON object", path: itemPath)
      }
      let kinds = ["arrayConfig", "order"].filter { entry[$0] != nil }
      guard kinds.count == 1 else {
        throw JSONError("Must contain exactly one of \"arrayConfig,order\": \(Self.objString(entry))", path: itemPath)
      }
      let mode: IndexFieldMode
      if kinds[0] == "order" {
        mode =
          try oneOf("order", entry["order"]!, ["ASCENDING", "DESCENDING"], entry, at: itemPath) == "ASCENDING"
          ? .ascending : .descending
      } else {
        _ = try oneOf("arrayConfig", entry["arrayConfig"]!, ["CONTAINS"], entry, at: itemPath)
        mode = .contains
      }
      var scope = IndexScope.collection
      if let scopeValue = entry["queryScope"] {
        scope = try self.scope(scopeValue, entry, at: itemPath)
      }
      try validateEditionSettings(entry, at: itemPath)
      indexes.append(FieldOverride.Index(mode, scope, source: entry))
    }
    return FieldOverride(
      collectionGroup: group, fieldPath: fieldPath, fieldPathText: text, ttl: ttl, indexes: indexes, source: object)
  }

  // MARK: Helpers (the CLI's messages)

  func parsedFieldPath(_ text: String, at path: JSONPath) throws(JSONError) -> FieldPath {
    switch ServerFieldPath.parse(text) {
    case .success(let fieldPath): return fieldPath
    case .failure(let problem):
      throw JSONError("field path \(StringQuoting.quoted(text)) \(problem.message)", path: path.appending("fieldPath"))
    }
  }

  func requiredString(_ key: String, _ object: JSONObject, at path: JSONPath) throws(JSONError) -> String {
    guard let value = object[key], value != .string(""), value != .null, value != .bool(false) else {
      throw mustContain(key, object, at: path)
    }
    guard case .string(let s) = value else { throw typeError(key, "string", at: path) }
    return s
  }

  func oneOf(_ key: String, _ value: JSONValue, _ valid: [String], _ object: JSONObject, at path: JSONPath)
    throws(JSONError) -> String
  {
    guard case .string(let s) = value, valid.contains(s) else {
      throw JSONError(
        "Field \"\(key)\" must be one of \(valid.joined(separator: ", ")): \(Self.objString(object))", path: path)
    }
    return s
  }

  func scope(_ value: JSONValue, _ object: JSONObject, at path: JSONPath) throws(JSONError) -> IndexScope {
    try oneOf("queryScope", value, ["COLLECTION", "COLLECTION_GROUP"], object, at: path) == "COLLECTION"
      ? .collection : .collectionGroup
  }

  func mustContain(_ key: String, _ object: JSONObject, at path: JSONPath) -> JSONError {
    JSONError("Must contain \"\(key)\": \(Self.objString(object))", path: path)
  }

  func typeError(_ key: String, _ type: String, at path: JSONPath) -> JSONError {
    JSONError("Property \"\(key)\" must be of type \(type)", path: path.appending(key))
  }

  /// `JSON.stringify(obj)`, cut short for very large objects.
  static func objString(_ object: JSONObject) -> String {
    let text = JSONValue.object(object).description
    return text.count > 300 ? String(text.prefix(300)) + "…" : text
  }
}
