#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long ago a feed's story was published, as a news list writes it:
/// `5m`, `2h`, `3d` (`5分钟前` in Chinese).
enum FeedAge {
  /// The age of `date` at `now` in the words of `strings`; empty without a
  /// date. A date in the future (a clock ahead of ours) is `0m`.
  static func short(from date: Date?, to now: Date, strings: DemoStrings) -> String {
    guard let date else { return "" }
    let minutes = max(0, Int(now.timeIntervalSince(date) / 60))
    if minutes < 60 { return DemoStrings.fill(strings.minutesAgo, ["n": "\(minutes)"]) }
    if minutes < 24 * 60 { return DemoStrings.fill(strings.hoursAgo, ["n": "\(minutes / 60)"]) }
    return DemoStrings.fill(strings.daysAgo, ["n": "\(minutes / (24 * 60))"])
  }
}
