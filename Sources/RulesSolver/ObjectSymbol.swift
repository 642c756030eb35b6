import RulesLanguage

/// A Cloud Storage object's metadata as the solver sees it (`resource`, `request.resource` in
/// Storage rules): whether it exists and one term per field of `RulesService.objectMembers`
/// (`size` an int of at least 0, strings, timestamps as microseconds like `request.time`,
/// `metadata` an open map of strings); `name` and `bucket` are the request's path.
struct ObjectSymbol {
  var exists: Term
  /// The fields it has, by name (a stored object has all of them; an upload no stored-only field).
  var terms: [String: Term]
  var metadata: OpenMap
  /// `name` (the path's segments joined by `/`) and `bucket`.
  var name: Term
  var bucket: Term

  /// The static type of each member (`int`, `string`, `timestamp`, `map`), from the service's
  /// property table (`resource.size: int`, ...).
  static let types: [String: String] = {
    var types: [String: String] = [:]
    for (dotted, property) in RulesService.storage.properties where dotted.hasPrefix("resource.") {
      types[String(dotted.dropFirst("resource.".count))] = property.type ?? "string"
    }
    return types
  }()

  /// Every member's name, sorted.
  static let members: [String] = types.keys.sorted()

  /// The fields an update's patch may change (the rest stay as stored or Storage sets them):
  /// the content fields and custom metadata (Docs/fidelity/storage.md F19).
  static let patchable: Set<String> = [
    "contentType", "contentEncoding", "contentDisposition", "contentLanguage", "cacheControl", "metadata",
  ]

  /// The fields that may be unset on a real object (read as null or as absent, F6): the encoding
  /// gives them a string, so reading one is an approximation.
  static let mayBeUnset: Set<String> = RulesService.optionalObjectFields.union(["md5Hash", "crc32c"])

  /// The object as the rules see it: a map of its fields.
  func rulesMap(in z3: Z3) -> SymbolicMap {
    var fields: [String: SymbolicValue] = [
      "name": SymbolicValue(always: .string(name), in: z3),
      "bucket": SymbolicValue(always: .string(bucket), in: z3),
      "metadata": SymbolicValue(always: .map(.open(metadata)), in: z3),
    ]
    for (key, term) in terms {
      let payload: SymbolicPayload =
        switch Self.types[key] {
        case "int": .int(term)
        case "timestamp": .timestamp(term)
        default: .string(term)
        }
      fields[key] = SymbolicValue(always: payload, in: z3)
    }
    return .closed(fields)
  }

  /// The object or null, as `resource` reads it.
  func value(in z3: Z3) -> SymbolicValue {
    SymbolicValue([
      SymbolicCase(guard: exists, payload: .map(rulesMap(in: z3))),
      SymbolicCase(guard: z3.not(exists), payload: .null),
    ])
  }
}

extension RequestSymbols {
  /// A fresh object named `prefix` with the fields `keys` (and `metadata`), each in its range.
  func makeObject(_ prefix: String, exists: Term, keys: [String]) -> ObjectSymbol {
    var terms: [String: Term] = [:]
    for key in keys where key != "metadata" && key != "name" && key != "bucket" {
      terms[key] = objectField(prefix, key)
    }
    return ObjectSymbol(
      exists: exists, terms: terms, metadata: openMap("\(prefix).metadata", stringsOnly: true),
      name: shape.objectName, bucket: shape.rootTerms[1])
  }

  /// One field of an object: an int of at least 0 (sizes, generations below 2^53), a timestamp
  /// between 1970 and 2100, or a string of at most `StringBound.longest` characters.
  func objectField(_ prefix: String, _ key: String) -> Term {
    let name = "\(prefix).\(key)"
    switch ObjectSymbol.types[key] {
    case "int":
      let term = z3.constant(name, z3.intSort)
      require(z3.and([z3.ge(term, z3.int(key == "size" ? 0 : 1)), z3.le(term, z3.int(1 << 53))]))
      return term
    case "timestamp":
      let term = z3.constant(name, z3.intSort)
      require(z3.and([z3.ge(term, z3.int(0)), z3.le(term, z3.int(4_102_444_800 * 1_000_000))]))
      return term
    default:
      let term = z3.constant(name, z3.stringSort)
      require(z3.le(z3.length(term), z3.int(Int64(StringBound.longest))))
      return term
    }
  }

  /// The stored object at the request's path (`resource`; null on a list).
  func makeStoredObject() -> ObjectSymbol {
    let exists = method == .list ? z3.false : z3.constant("object?", z3.boolSort)
    return makeObject("object", exists: exists, keys: ObjectSymbol.members)
  }

  /// `request.resource`: on a create the uploaded object (no stored-only field); on an update the
  /// stored object with the patchable fields changed, `metageneration` one more and `updated` the
  /// request's time (F19); nil on get, list and delete.
  func makeUploadedObject() -> ObjectSymbol? {
    switch method {
    case .create:
      let keys = ObjectSymbol.members.filter { !RulesService.storedOnlyObjectFields.contains($0) }
      return makeObject("upload", exists: z3.true, keys: keys)
    case .update:
      let stored = storedObject
      var object = makeObject("upload", exists: z3.true, keys: Array(ObjectSymbol.patchable))
      for (key, term) in stored.terms where !ObjectSymbol.patchable.contains(key) { object.terms[key] = term }
      if let generation = stored.terms["metageneration"] {
        object.terms["metageneration"] = z3.add([generation, z3.int(1)])
      }
      object.terms["updated"] = time
      return object
    case .get, .list, .delete:
      return nil
    }
  }
}
