/// A point in time with nanosecond precision, as Firestore stores it (UTC).
///
/// `seconds` counts from the Unix epoch; `nanos` is always in `0..<1_000_000_000`.
package struct Timestamp: Hashable, Comparable, Sendable {
  package var seconds: Int64
  package var nanos: Int32

  package init(seconds: Int64, nanos: Int32 = 0) {
    self.seconds = seconds
    self.nanos = nanos
  }

  package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
  }
}
