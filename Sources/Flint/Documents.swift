import FirestoreModel
import FlintKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The stored documents requests are evaluated on: what `resource.data`, `get()` and
/// `exists()` see.
///
/// The JSON is the form `flint test` suites read: tagged JSON keyed by document path,
///
/// ```json
/// {"users/alice": {"name": "Alice", "joinedAt": {"__timestamp__": "2024-01-01T00:00:00Z"}},
///  "clubs/dickens": {"owner": "alice", "members": ["alice", "bob"]}}
/// ```
///
/// or Firestore REST API documents (`{"documents": [{"name": "projects/...", "fields": {...}}]}`).
/// Firestore's document limits are checked.
public struct Documents: Sendable {
  let store: DocumentStore

  /// No documents.
  public init() {
    store = DocumentStore()
  }

  /// Documents from JSON text (tagged or REST).
  /// - Throws: ``FlintError`` with the line, column and JSON path of the problem.
  public init(json: String) throws {
    do {
      store = try FixtureLoader.load(text: json, file: "<documents>")
    } catch {
      throw FlintError(error.description)
    }
  }

  /// Documents from a JSON file (tagged or REST).
  /// - Throws: ``FlintError`` when the file cannot be read or is not valid.
  public init(contentsOf url: URL) throws {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(url.path)
    } catch {
      throw FlintError(error.message)
    }
    do {
      store = try FixtureLoader.load(bytes: bytes, file: url.path)
    } catch {
      throw FlintError(error.description)
    }
  }

  /// Documents from the JSON file at `path` (tagged or REST).
  public init(path: String) throws {
    try self.init(contentsOf: URL(fileURLWithPath: path))
  }

  /// The number of documents.
  public var count: Int { store.count }
}
