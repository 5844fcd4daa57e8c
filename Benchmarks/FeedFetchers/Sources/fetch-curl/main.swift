import NewsFeeds

#if canImport(Glibc)
  import Glibc
#endif

// fetch-curl URL: fetches with libcurl (NewsFeeds), parses with libxml2, prints
// "TITLE: N items" or the error line. Without an argument, exits at once (start-up cost).
let arguments = CommandLine.arguments
guard arguments.count > 1 else { exit(0) }
let fetcher = FeedFetcher(options: FetchOptions(totalTimeout: .seconds(5), maximumBytes: 1 << 20))
do {
  let source = try FeedSource(parsing: arguments[1])
  switch fetcher.fetchBlocking(source) {
  case .success(.fetched(let document)):
    let feed = try FeedParser.parse(document.body)
    print("\(feed.title): \(feed.items.count) items")
  case .success(.notModified):
    print("not modified")
  case .failure(let error):
    print("error: \(error)")
    exit(1)
  }
} catch {
  print("error: \(error)")
  exit(1)
}
