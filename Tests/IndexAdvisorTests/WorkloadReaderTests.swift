import IndexAdvisor
import Testing

@Suite("Workload files")
struct WorkloadReaderTests {
  @Test("comments, blank lines, weights and auth variables")
  func reads() {
    let text = """
      # the feed
      collection("posts").where("author", "==", auth.uid).orderBy("at", "desc")  @weight 7   # hot

      collection("posts").where("tag", "==", "#swift")
      """
    let read = WorkloadReader.read(text, file: "q.txt")
    #expect(read.problems.isEmpty)
    #expect(read.queries.map(\.line) == [2, 4])
    #expect(read.queries.map(\.weight) == [7, 1])
    #expect(read.queries[1].text == ##"collection("posts").where("tag", "==", "#swift")"##)
  }

  @Test("a bad line names file:line:col and the others are still read")
  func badLines() {
    let text = """
      collection("posts").where("a" "==", 1)
      collection("posts").where("a", "!=", 1).where("b", "!=", 2)
      collection("posts").orderBy("a") @weight 0
      collection("posts").orderBy("a")
      """
    let read = WorkloadReader.read(text, file: "q.txt")
    #expect(read.queries.map(\.line) == [4])
    #expect(read.problems.map { "\($0.file):\($0.line):\($0.column)" } == ["q.txt:1:31", "q.txt:2:41", "q.txt:3:34"])
    #expect(read.problems[1].message == "Invalid query. You cannot use more than one '!=' filter.")
    #expect(read.problems[2].description.hasPrefix("q.txt:3:34: error: @weight needs a whole number"))
  }
}
