import FirestoreModel

/// A request's optional `documents`: the stored documents to decide it on, in the seed-data
/// format (`{"clubs/poetry": {"owner": "alice"}}`, tagged or REST JSON, as `data.json`), instead
/// of the project's seed data. A diff witness carries its own (`Candidate.documents`): replayed on
/// them, it gets the decision the diff claims. Absent or null: the project's seed data.
enum RequestDocuments {
  static func store(_ body: APIBody, project: ServedProject, time: Timestamp) throws(APIProblem) -> DocumentStore {
    guard let value = body.object["documents"], !value.isNull else { return try project.store(time: time) }
    guard value.objectValue != nil else {
      throw .badRequest("\"documents\" must be an object of documents by path, not \(value.kindDescription)")
    }
    do {
      return try FixtureLoader.load(text: value.text(.spaced), file: "documents", requestTime: time)
    } catch {
      throw .invalid("invalid documents: \(error.description)")
    }
  }
}
