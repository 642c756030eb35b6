extension Timestamp {
  /// Parses an RFC 3339 date-time: `2024-01-01T00:00:00Z`, `2024-01-01T09:00:00.5+09:00`.
  ///
  /// Strict: four-digit year, two-digit fields, `T`/`t` separator, 1-9 fraction digits,
  /// `Z`/`z` or a `±HH:MM` offset. Rejected: leap seconds (`:60`), more than 9 fraction
  /// digits (no silent truncation), dates that do not exist, and instants outside
  /// 0001-01-01T00:00:00Z...9999-12-31T23:59:59.999999999Z after applying the offset.
  package init(rfc3339 text: String) throws(TextFormatError) {
    var reader = DigitReader(Array(text.utf8))
    let year = try reader.digits(4, "year")
    try reader.expect("-", "'-' after the year")
    let month = try reader.digits(2, "month")
    try reader.expect("-", "'-' after the month")
    let day = try reader.digits(2, "day")
    guard reader.take("T") || reader.take("t") else {
      throw TextFormatError("expected 'T' between date and time", offset: reader.index)
    }
    let hour = try reader.digits(2, "hour")
    try reader.expect(":", "':' after the hour")
    let minute = try reader.digits(2, "minute")
    try reader.expect(":", "':' after the minutes")
    let second = try reader.digits(2, "second")
    var nanos = 0
    if reader.take(".") {
      let start = reader.index
      var count = 0
      while let digit = reader.digit() {
        count += 1
        guard count <= 9 else {
          throw TextFormatError("more than 9 fractional digits (nanosecond precision)", offset: reader.index - 1)
        }
        nanos = nanos * 10 + digit
      }
      guard count > 0 else { throw TextFormatError("expected digits after '.'", offset: start) }
      for _ in count..<9 { nanos *= 10 }
    }
    var offsetSeconds = 0
    if reader.take("Z") || reader.take("z") {
    } else if let sign = reader.takeSign() {
      let offsetStart = reader.index
      let offsetHours = try reader.digits(2, "offset hours")
      try reader.expect(":", "':' in the UTC offset")
      let offsetMinutes = try reader.digits(2, "offset minutes")
      guard offsetHours <= 23, offsetMinutes <= 59 else {
        throw TextFormatError("UTC offset out of range", offset: offsetStart)
      }
      offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    } else {
      throw TextFormatError("expected 'Z' or a UTC offset such as +09:00", offset: reader.index)
    }
    guard reader.atEnd else { throw TextFormatError("unexpected text after the timestamp", offset: reader.index) }

    let fields = CivilDateTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanos: Int32(nanos))
    guard (1...12).contains(month) else { throw TextFormatError("month \(month) is out of range 01-12", offset: 5) }
    guard day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month) else {
      throw TextFormatError("day \(day) does not exist in \(year)-\(String(month).leftPadded(to: 2))", offset: 8)
    }
    guard hour <= 23 else { throw TextFormatError("hour \(hour) is out of range 00-23", offset: 11) }
    guard minute <= 59 else { throw TextFormatError("minute \(minute) is out of range 00-59", offset: 14) }
    guard second <= 59 else { throw TextFormatError("second \(second) is out of range 00-59", offset: 17) }
    guard year >= 1 else { throw TextFormatError("year 0000 is out of range 0001-9999", offset: 0) }
    let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
    let local = days * 86_400 + Int64(fields.hour * 3600 + fields.minute * 60 + fields.second)
    self.init(seconds: local - Int64(offsetSeconds), nanos: Int32(nanos))
    guard isValid else {
      throw TextFormatError("timestamp is outside 0001-01-01T00:00:00Z...9999-12-31T23:59:59.999999999Z")
    }
  }

  /// RFC 3339 in UTC with a `Z`; the fraction is left out when zero, otherwise written
  /// with 3, 6 or 9 digits (as Firestore's JSON API does): `2024-01-01T00:00:00.500Z`.
  package var rfc3339: String {
    let c = civil
    var text = String(c.year).leftPadded(to: 4) + "-" + two(c.month) + "-" + two(c.day) + "T"
    text += two(c.hour) + ":" + two(c.minute) + ":" + two(c.second)
    if nanos != 0 {
      let digits = String(nanos).leftPadded(to: 9)
      let width = nanos % 1_000_000 == 0 ? 3 : (nanos % 1000 == 0 ? 6 : 9)
      text += "." + digits.prefix(width)
    }
    return text + "Z"
  }

  private func two(_ value: Int) -> String { String(value).leftPadded(to: 2) }
}

/// A cursor over ASCII text for fixed-width numeric formats.
struct DigitReader {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  var atEnd: Bool { index == bytes.count }

  mutating func digit() -> Int? {
    guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
    defer { index += 1 }
    return Int(bytes[index] - 0x30)
  }

  mutating func digits(_ count: Int, _ what: String) throws(TextFormatError) -> Int {
    var value = 0
    let start = index
    for _ in 0..<count {
      guard let d = digit() else { throw TextFormatError("expected \(count) digits for the \(what)", offset: start) }
      value = value * 10 + d
    }
    return value
  }

  mutating func take(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
    index += 1
    return true
  }

  mutating func takeSign() -> Int? {
    if take("+") { return 1 }
    if take("-") { return -1 }
    return nil
  }

  mutating func expect(_ character: Unicode.Scalar, _ what: String) throws(TextFormatError) {
    guard take(character) else { throw TextFormatError("expected \(what)", offset: index) }
  }
}
