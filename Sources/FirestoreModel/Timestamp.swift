/// A point in time with nanosecond precision, as Firestore stores it (UTC).
///
/// `seconds` counts from the Unix epoch; `nanos` is always in `0..<1_000_000_000`.
public struct Timestamp: Hashable, Comparable, Sendable {
  public var seconds: Int64
  public var nanos: Int32

  public init(seconds: Int64, nanos: Int32 = 0) {
    self.seconds = seconds
    self.nanos = nanos
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
  }
}
