#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The dates feeds write: RFC 822 (RSS's `pubDate`, as amended by RFC 1123 and RFC 2822) and
/// RFC 3339 (Atom, JSON Feed, Dublin Core's `dc:date`).
///
/// Both parsers are written out rather than given to a date formatter: they take the variants
/// feeds really use (no weekday, two-digit years, named US zones, no seconds, `+00:00` in
/// RSS, a fraction or a lowercase `t` in RFC 3339), need no locale, and return nil for anything
/// else instead of guessing.
public enum FeedDate {
  /// The date in an RFC 822 / RFC 2822 string (`Tue, 10 Jun 2003 04:00:00 GMT`), or nil.
  public static func rfc822(_ text: String) -> Date? {
    var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })[...]
    guard !tokens.isEmpty else { return nil }
    if let first = tokens.first, first.first?.isLetter == true { tokens.removeFirst() }  // weekday
    guard tokens.count >= 3, let day = Int(tokens.removeFirst()),
      let month = monthNumber(tokens.removeFirst()),
      var year = Int(tokens.removeFirst())
    else { return nil }
    if year < 100 { year += year < 50 ? 2000 : 1900 }
    var hour = 0
    var minute = 0
    var second = 0
    if let time = tokens.first, time.contains(":") {
      tokens.removeFirst()
      let parts = time.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2 || parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1])
      else { return nil }
      hour = h
      minute = m
      if parts.count == 3 {
        guard let s = Int(parts[2]) else { return nil }
        second = s
      }
    }
    var offset = 0
    if let zone = tokens.first {
      guard let seconds = zoneOffset(zone) else { return nil }
      offset = seconds
    }
    return date(year, month, day, hour, minute, second, 0, offset: offset)
  }

  /// The date in an RFC 3339 string (`2003-12-13T18:30:02.25+01:00`), or nil. A bare date
  /// (`2003-12-13`) is taken as midnight UTC, as `dc:date` often has it.
  public static func rfc3339(_ text: String) -> Date? {
    let bytes = Array(text.trimmingSpaces.utf8)
    var index = 0
    func number(_ digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + digits] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      index += digits
      return value
    }
    func expect(_ characters: String) -> Bool {
      guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
      index += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"),
      let day = number(2)
    else { return nil }
    if index == bytes.count { return date(year, month, day, 0, 0, 0, 0, offset: 0) }
    guard expect("Tt "), let hour = number(2), expect(":"), let minute = number(2) else {
      return nil
    }
    var second = 0
    var fraction = 0.0
    if expect(":") {
      guard let s = number(2) else { return nil }
      second = s
      if expect(".,") {
        var scale = 0.1
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) {
          fraction += Double(bytes[index] - 48) * scale
          scale /= 10
          index += 1
        }
        guard index > start else { return nil }
      }
    }
    var offset = 0
    if expect("Zz") {
      offset = 0
    } else if index < bytes.count,
      bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
    {
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let hours = number(2) else { return nil }
      _ = expect(":")
      guard let minutes = number(2) else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard index == bytes.count else { return nil }
    return date(year, month, day, hour, minute, second, fraction, offset: offset)
  }

  /// The date in either form: RFC 3339 first, then RFC 822.
  public static func parse(_ text: String) -> Date? {
    rfc3339(text) ?? rfc822(text)
  }

  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  private static func monthNumber(_ token: Substring) -> Int? {
    let name = token.lowercased()
    guard name.count >= 3, let index = months.firstIndex(of: String(name.prefix(3))) else {
      return nil
    }
    return index + 1
  }

  /// The offset east of UTC, in seconds, of a zone in an RFC 822 date, or nil.
  private static func zoneOffset(_ zone: Substring) -> Int? {
    if let sign = zone.first, sign == "+" || sign == "-" {
      let digits = zone.dropFirst().filter { $0 != ":" }
      guard digits.count == 4, let value = Int(digits) else { return nil }
      let seconds = (value / 100) * 3600 + (value % 100) * 60
      return sign == "-" ? -seconds : seconds
    }
    switch zone.uppercased() {
    case "GMT", "UT", "UTC", "Z": return 0
    case "EST": return -5 * 3600
    case "EDT": return -4 * 3600
    case "CST": return -6 * 3600
    case "CDT": return -5 * 3600
    case "MST": return -7 * 3600
    case "MDT": return -6 * 3600
    case "PST": return -8 * 3600
    case "PDT": return -7 * 3600
    default:
      // RFC 1123 says the military one-letter zones were specified wrongly in RFC 822 and are
      // to be read as +0000.
      if zone.count == 1, let letter = zone.first, letter.isLetter, letter.isASCII { return 0 }
      return nil
    }
  }

  /// The date of a civil UTC time minus `offset`, or nil when a field is out of range.
  private static func date(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
    _ fraction: Double, offset: Int
  ) -> Date? {
    guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
      day <= daysIn(month, year)
    else { return nil }
    let days = daysFromCivil(year, month, day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  private static func daysIn(_ month: Int, _ year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  private static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
