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

  @Test("@max-reads and @weight in either order, each at most once")
  func maxReads() {
    let text = """
      collection("posts").orderBy("a") @weight 3 @max-reads 50
      collection("posts").orderBy("b") @max-reads 0 @weight 2   # free
      collection("posts").orderBy("c") @max-reads 10 @max-reads 20
      collection("posts").orderBy("d") @max-reads -1
      collection("posts").where("t", "==", "@max-reads 5")
      """
    let read = WorkloadReader.read(text, file: "q.txt")
    #expect(read.queries.map(\.line) == [1, 2, 5])
    #expect(read.queries.map(\.weight) == [3, 2, 1])
    #expect(read.queries.map(\.maxReads) == [50, 0, nil])
    #expect(read.queries[0].text == #"collection("posts").orderBy("a")"#)
    #expect(
      read.problems.map(\.message) == [
        "@max-reads given twice", "@max-reads needs a whole number from 0 to 1000000000, found '-1'",
      ])
    #expect(read.problems.map(\.column) == [34, 34])
  }
}
