import FlintKit
import IndexAdvisor

/// `flint indexes` in process: a workload file of N queries over N/10 distinct shapes (equality
/// plus order on 100 collection groups) read, planned and written as a manifest, at 1k, 10k
/// and 100k queries, to show how the cost grows. Budgets are unbounded (every shape gets its
/// index) and then the default 200 (the weighted selection runs).
enum IndexBench {
  /// The workload text: `count` lines cycling through `count / 10` shapes.
  static func workload(_ count: Int) -> String {
    let shapes = max(count / 10, 1)
    var lines: [String] = []
    lines.reserveCapacity(count)
    for i in 0..<count {
      let shape = i % shapes
      let group = shape % 100
      let equality = (shape / 100) % 10
      let order = (equality + 1 + (shape / 1000) % 9) % 10
      let direction = (shape / 9000) % 2 == 0 ? "asc" : "desc"
      lines.append(
        #"collection("g\#(group)").where("f\#(equality)", "==", auth.uid).orderBy("f\#(order)", "\#(direction)")  @weight \#(1 + i % 7)"#
      )
    }
    return lines.joined(separator: "\n")
  }

  static func run(sizes: [Int] = [1_000, 10_000, 100_000]) -> [BenchResult] {
    var results: [BenchResult] = []
    for size in sizes {
      let bytes = Array(workload(size).utf8)
      for limit in [Int.max, 200] {
        var added = 0
        var served = 0
        let seconds = bestSeconds(repeats: size >= 100_000 ? 1 : 3) {
          let input = IndexesJob.Input(
            queryFiles: [("bench.txt", bytes)], existing: nil, options: PlanOptions(compositeLimit: limit))
          guard let plan = IndexesJob.run(input).plan else { return }
          added = plan.added.count
          served = plan.servedCount
        }
        results.append(
          BenchResult(
            name: "indexes-plan",
            fields: [
              ("queries", .int(size)), ("shapes", .int(max(size / 10, 1))),
              ("limit", limit == Int.max ? "none" : .int(limit)), ("added", .int(added)), ("served", .int(served)),
              ("seconds", format(seconds, digits: 3)),
              ("queries_per_second", format(Double(size) / seconds, digits: 0)),
            ]))
      }
    }
    return results
  }
}
