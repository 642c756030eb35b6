import FlintServer
import Synchronization
import Testing

/// The server's limit on calls at once: never more holders than the limit, the rest served in
/// the order they came, and every permit given back.
@Suite("CallPermits")
struct CallPermitsTests {
  /// Yields until `condition` holds (a bounded number of times, so a bug fails instead of hanging).
  func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1_000_000 {
      if condition() { return true }
      await Task.yield()
    }
    return condition()
  }

  @Test("two permits: more callers wait, and are let in one per release, in the order they came")
  func order() async {
    let permits = CallPermits(2)
    await permits.acquire()
    await permits.acquire()
    let entered = Entered()
    var callers: [Task<Void, Never>] = []
    for index in 0..<3 {
      callers.append(
        Task { [permits, entered] in
          await permits.acquire()
          entered.list.withLock { $0.append(index) }
        })
      #expect(await eventually { permits.waiting == index + 1 })
    }
    #expect(entered.list.withLock { $0 }.isEmpty)
    permits.release()
    await callers[0].value
    #expect(entered.list.withLock { $0 } == [0])
    #expect(permits.waiting == 2)
    permits.release()
    await callers[1].value
    #expect(entered.list.withLock { $0 } == [0, 1])
    #expect(permits.waiting == 1)
    // Caller 0 is done (released for it here): its permit goes to caller 2.
    permits.release()
    await callers[2].value
    #expect(entered.list.withLock { $0 } == [0, 1, 2])
    #expect(permits.waiting == 0)

    // Callers 1 and 2 are done: both permits are free again.
    permits.release()
    permits.release()
    await permits.acquire()
    await permits.acquire()
    #expect(permits.waiting == 0)
  }
}

/// The callers let in so far, in order.
final class Entered: Sendable {
  let list = Mutex<[Int]>([])
}
