import Synchronization

/// How many API calls read their bodies and run at once: the others wait their turn, first come
/// first served, with their bodies unread in the sockets' buffers (the HTTP library stops reading
/// a body nobody asks for). A burst of any number of connections then holds at most `limit`
/// bodies of up to 1 MiB and `limit` evaluations in memory, not one per connection.
package final class CallPermits: Sendable {
  private struct State {
    var free: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
    var head = 0
  }

  private let state: Mutex<State>
  package let limit: Int

  package init(_ limit: Int) {
    self.limit = max(1, limit)
    state = Mutex(State(free: max(1, limit)))
  }

  /// Returns once a permit is this caller's; `release()` gives it back.
  package func acquire() async {
    let taken = state.withLock { state -> Bool in
      guard state.free > 0 else { return false }
      state.free -= 1
      return true
    }
    if taken { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.free > 0 {
          state.free -= 1
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Hands the permit to the longest waiting caller, else frees it.
  package func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard state.head < state.waiting.count else {
        state.free += 1
        return nil
      }
      let next = state.waiting[state.head]
      state.head += 1
      if state.head * 2 >= state.waiting.count {
        // Drop the handed-out half, so a steady stream of waiters does not grow the list.
        state.waiting.removeFirst(state.head)
        state.head = 0
      }
      return next
    }
    next?.resume()
  }

  /// Calls waiting for a permit now.
  package var waiting: Int { state.withLock { $0.waiting.count - $0.head } }
}
