import Foundation
import NewsFeeds
import Testing

@Suite("Feed dates")
struct FeedDateTests {
  /// Seconds since 1970 of an RFC 3339 UTC time, computed by the test's own calendar.
  func utc(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
  ) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(
      from: DateComponents(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
  }

  @Test("RFC 822 dates with and without weekday, seconds, four- or two-digit years, any zone")
  func rfc822() {
    #expect(FeedDate.rfc822("Tue, 10 Jun 2003 04:00:00 GMT") == utc(2003, 6, 10, 4))
    #expect(FeedDate.rfc822("10 Jun 2003 04:00 +0200") == utc(2003, 6, 10, 2))
    #expect(FeedDate.rfc822("Sat, 07 Sep 02 00:00:01 EDT") == utc(2002, 9, 7, 4, 0, 1))
    #expect(FeedDate.rfc822("Mon, 23 Nov 2026 06:02:00 -0830") == utc(2026, 11, 23, 14, 32))
    #expect(FeedDate.rfc822("Mon, 23 November 2026 06:02:00 +00:00") == utc(2026, 11, 23, 6, 2))
    #expect(FeedDate.rfc822("Thu, 29 Feb 2024 12:00:00 PST") == utc(2024, 2, 29, 20))
    #expect(FeedDate.rfc822("Mon, 23 Nov 2026 06:02:00") == utc(2026, 11, 23, 6, 2))
  }

  @Test("RFC 3339 dates with fractions, offsets, lowercase letters, and bare dates")
  func rfc3339() {
    #expect(FeedDate.rfc3339("2003-12-13T18:30:02Z") == utc(2003, 12, 13, 18, 30, 2))
    #expect(FeedDate.rfc3339("2003-12-13t18:30:02z") == utc(2003, 12, 13, 18, 30, 2))
    #expect(FeedDate.rfc3339("2003-12-13T18:30:02+01:00") == utc(2003, 12, 13, 17, 30, 2))
    #expect(FeedDate.rfc3339("1996-12-19T16:39:57-08:00") == utc(1996, 12, 20, 0, 39, 57))
    let fraction = FeedDate.rfc3339("2003-12-13T18:30:02.25Z")!.timeIntervalSince1970
    #expect(fraction == utc(2003, 12, 13, 18, 30, 2).timeIntervalSince1970 + 0.25)
    #expect(FeedDate.rfc3339("2026-11-23") == utc(2026, 11, 23))
  }

  @Test("impossible or garbled dates are nil, never a guess")
  func garbage() {
    for text in [
      "", "yesterday", "31 Feb 2026 10:00:00 GMT", "Mon, 23 Nov 2026 25:00:00 GMT",
      "Mon, 23 Foo 2026 06:02:00 GMT", "23 Nov 2026 06:02:00 XYZ",
    ] {
      #expect(FeedDate.rfc822(text) == nil, "\(text)")
    }
    for text in [
      "2026-13-01T00:00:00Z", "2026-11-23T10:00:00", "2026-11-23T10:00:00Zjunk", "2026/11/23",
    ] {
      #expect(FeedDate.rfc3339(text) == nil, "\(text)")
    }
  }
}
