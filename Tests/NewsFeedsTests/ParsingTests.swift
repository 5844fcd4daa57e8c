import Foundation
import Testing

@testable import NewsFeeds

/// Parsing the fixture feeds (Fixtures/) and hostile documents.
@Suite("Parsing feeds")
struct ParsingTests {
  func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: FeedServer.fixtures.appendingPathComponent(name)))
  }

  func parse(_ name: String, baseURL: String? = nil) throws -> Feed {
    try FeedParser.parse(fixture(name), baseURL: baseURL)
  }

  func date(_ text: String) -> Date? { FeedDate.rfc3339(text) }

  @Test("RSS 2.0: titles, links, guids, authors, dates, and HTML content as blocks")
  func rss() throws {
    let feed = try parse("a.rss", baseURL: "https://gazette.example/feed.xml")
    #expect(feed.format == .rss)
    #expect(feed.title == "Harbour Gazette & Tides")
    #expect(feed.link == "https://gazette.example/")
    #expect(feed.items.count == 3)
    let rail = feed.items[0]
    #expect(rail.id == "gazette-rail-2026")
    #expect(rail.title == "New rail line opens to the coast")
    #expect(rail.link == "https://gazette.example/rail")
    #expect(rail.author == "Priya Nair")
    #expect(rail.date == date("2026-11-23T05:02:00Z"))
    #expect(rail.summary == "The first train left at 6.02 — 48 minutes to the sea.")
    #expect(
      rail.body == [
        .heading("A line seven years in the making"),
        .paragraph("The 86-kilometre line runs through four new stations & a tunnel."),
        .paragraph("• Trains every half hour"),
        .paragraph("• Fares capped for a year"),
        .paragraph("Café owners by the station are “delighted”."),
      ])
    let storm = feed.items[1]
    #expect(storm.title == "Storm warning for the weekend")
    #expect(storm.link == "https://gazette.example/storm")
    #expect(storm.id == "https://gazette.example/storm")
    #expect(storm.author == "desk@gazette.example (Weather Desk)")
    #expect(storm.body == [.paragraph("Gusts of 90 km/h are expected on the headlands.")])
    let snow = feed.items[2]
    #expect(snow.title == "港口城市迎来首场冬雪")
    #expect(snow.link == "https://gazette.example/snow")
    #expect(snow.date == date("2026-11-22T14:15:00Z"))
  }

  @Test("Atom 1.0: text, html and xhtml constructs, alternate links, published before updated")
  func atom() throws {
    let feed = try parse("b.atom")
    #expect(feed.format == .atom)
    #expect(feed.title == "Field Notes")
    #expect(feed.link == "https://notes.example/")
    let cirrus = feed.items[0]
    #expect(cirrus.id == "tag:notes.example,2026:cirrus")
    #expect(cirrus.title == "Clouds & the cirrus season")
    #expect(cirrus.link == "https://notes.example/cirrus")
    #expect(cirrus.author == "Ravi Anand")
    #expect(cirrus.date == date("2026-11-23T07:30:00.25Z"))
    #expect(cirrus.summary == "High, thin and icy.")
    #expect(cirrus.body == [.heading("Cirrus"), .paragraph("Wisps at 8,000 m and above.")])
    let fog = feed.items[1]
    #expect(fog.author == "Owen Hale")
    #expect(fog.date == date("2026-11-22T07:00:00Z"))
    #expect(
      fog.body == [
        .paragraph("Visibility under"), .paragraph("100 m"), .paragraph("Ferries wait."),
      ])
    #expect(fog.summary == "Visibility under 100 m Ferries wait.")
  }

  @Test("JSON Feed 1.1: numeric ids, content_html and content_text, authors, unsafe links dropped")
  func jsonFeed() throws {
    let feed = try parse("c.json")
    #expect(feed.format == .jsonFeed)
    #expect(feed.title == "The Clockmaker's Weekly")
    let escapement = feed.items[0]
    #expect(escapement.id == "2")
    #expect(escapement.author == "Elena Voss")
    #expect(escapement.summary == "How a clock counts.")
    #expect(escapement.body == [.heading("Tick"), .paragraph("Every swing releases one tooth …")])
    #expect(escapement.date == date("2026-11-21T17:00:00Z"))
    let oil = feed.items[1]
    #expect(oil.id == "1")
    #expect(oil.title == "Oil red and the bell")
    #expect(oil.link == nil)
    #expect(oil.author == "Jonas Berg")
    #expect(
      oil.body == [.paragraph("First paragraph."), .paragraph("Second paragraph, same paragraph.")])
  }

  @Test("an ISO-8859-1 feed declared in its prolog reads as the same characters")
  func latin1() throws {
    let feed = try parse("latin1.rss")
    #expect(feed.title == "Café du Port")
    #expect(feed.items[0].title == "Crème brûlée à la une")
    #expect(feed.items[0].summary == "Naïve © 2026")
  }

  @Test("an encoding nobody knows is refused in one line")
  func unknownEncoding() throws {
    #expect(
      throws: FeedError(.parse, "unsupported encoding: Unsupported encoding X-NO-SUCH-CHARSET")
    ) {
      try parse("unknown-encoding.rss")
    }
  }

  @Test("malformed and truncated feeds are one line naming the line")
  func malformed() throws {
    #expect(
      throws: FeedError(
        .parse, "not a feed: line 5: Opening and ending tag mismatch: title line 5 and item")
    ) { try parse("malformed.rss") }
    let truncated = try fixture("truncated.rss")
    do {
      _ = try FeedParser.parse(truncated)
      Issue.record("a truncated feed parsed")
    } catch {
      #expect(error.kind == .parse)
      #expect(error.description.hasPrefix("not a feed: line "))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("an XML bomb is refused before any entity is expanded")
  func xmlBomb() throws {
    #expect(
      throws: FeedError(.parse, "refused: the feed declares XML entities, which are never expanded")
    ) { try parse("xml-bomb.rss") }
  }

  @Test("an external entity naming a local file is refused, and the file never read")
  func externalEntity() throws {
    let secret = FileManager.default.temporaryDirectory.appendingPathComponent(
      "newsfeeds-secret-\(getpid()).txt")
    try "TOP-SECRET".write(to: secret, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: secret) }
    for declaration in [
      "<!ENTITY xxe SYSTEM \"file://\(secret.path)\">",
      "<!ENTITY % remote SYSTEM \"file://\(secret.path)\"> %remote;",
    ] {
      let document = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [ \(declaration) ]>
        <rss version="2.0"><channel><title>&xxe;</title></channel></rss>
        """
      #expect(
        throws: FeedError(
          .parse, "refused: the feed declares XML entities, which are never expanded")
      ) {
        try FeedParser.parse(Array(document.utf8))
      }
    }
  }

  @Test("a document that is not a feed says what it is")
  func notAFeed() throws {
    #expect(throws: FeedError(.parse, "not a feed: the document is <html>, not RSS or Atom")) {
      try parse("page.html")
    }
    #expect(throws: FeedError(.parse, "not a feed: the document is empty")) {
      try FeedParser.parse(Array(" \n".utf8))
    }
    #expect(throws: FeedError(.parse, "not a JSON Feed: no \"version\" naming jsonfeed.org")) {
      try FeedParser.parse(Array(#"{"items": []}"#.utf8))
    }
  }

  @Test("a JSON Feed of the wrong shape names the place")
  func jsonErrors() throws {
    let document =
      #"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1"}, {"id": []}]}"#
    #expect(
      throws: FeedError(.parse, "not a JSON Feed: items[1].id: expected a string or a number")
    ) {
      try FeedParser.parse(Array(document.utf8))
    }
    do {
      _ = try FeedParser.parse(
        Array(#"{"version": "https://jsonfeed.org/version/1.1", "items": ["#.utf8))
      Issue.record("truncated JSON parsed")
    } catch {
      #expect(error.kind == .parse)
      #expect(error.description.hasPrefix("not a JSON Feed: "))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("escape sequences and control characters never survive, in XML, HTML or JSON")
  func controlCharacters() throws {
    // C1 CSI as an XML character reference, ESC as an HTML character reference inside an
    // escaped description, and an OSC 8 hyperlink: all gone, the words kept.
    let document = """
      <?xml version="1.0"?>
      <rss version="2.0"><channel><title>A&#x9B;2Jb</title>
      <item><title>x&amp;#x1b;[31my</title>
      <description>&lt;p&gt;one&amp;#27;]8;;http://evil/&amp;#7;two&amp;#x1b;]8;;&amp;#x1b;\\&lt;/p&gt;</description>
      </item></channel></rss>
      """
    let feed = try FeedParser.parse(Array(document.utf8))
    #expect(feed.title == "A b")
    #expect(feed.items[0].title == "x y")
    #expect(feed.items[0].body == [.paragraph("one two")])
    let all =
      [feed.title, feed.items[0].title, feed.items[0].summary] + feed.items[0].body.map(\.text)
    for text in all {
      #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }
  }

  @Test("HTML is rendered: entities decoded, scripts dropped, image alt text kept")
  func html() {
    let blocks = HTMLText.blocks(
      html: """
        <div>Intro &amp; more<br>next line</div><h4>Heading&nbsp;four</h4>
        <style>p { color: red }</style><p>A <img src="x.png" alt="map"> here &lt;b&gt;</p>
        <table><tr><td>a</td><td>b</td></tr></table><pre>  kept   </pre>
        """)
    #expect(
      blocks == [
        .paragraph("Intro & more"), .paragraph("next line"), .heading("Heading four"),
        .paragraph("A [map] here <b>"), .paragraph("a b"), .paragraph("kept"),
      ])
  }

  @Test("deeply nested markup is cut off instead of overflowing the stack")
  func deepNesting() {
    let html =
      String(repeating: "<div>", count: 50_000) + "deep"
      + String(repeating: "</div>", count: 50_000)
    let blocks = HTMLText.blocks(html: "<p>top</p>" + html)
    #expect(blocks.first == .paragraph("top"))
  }

  @Test(
    "items without an id get a stable one from their fields; items past the maximum are dropped")
  func identities() throws {
    let items = (0..<(FeedParser.maximumItems + 5)).map {
      "<item><title>Story \($0)</title></item>"
    }.joined()
    let document = "<rss version=\"2.0\"><channel><title>Many</title>\(items)</channel></rss>"
    let first = try FeedParser.parse(Array(document.utf8))
    let second = try FeedParser.parse(Array(document.utf8))
    #expect(first.items.count == FeedParser.maximumItems)
    #expect(first.items.map(\.id) == second.items.map(\.id))
    #expect(Set(first.items.map(\.id)).count == first.items.count)
  }
}

/// libxml2 opened on the first parse (CLibXML2): a machine without it gets one line.
@Suite("libxml2 opened when first needed")
struct XMLLibraryTests {
  @Test("a library that is missing, or is not libxml2, is refused with one line that says why")
  func missingLibrary() {
    let missing = XMLLibrary.problem(opening: "libxml2-not-installed.so.2")
    #expect(
      missing?.hasPrefix("libxml2 could not be loaded: libxml2-not-installed.so.2: ") == true,
      "\(missing ?? "nil")")
    #expect(missing?.contains("\n") == false)
    let other = XMLLibrary.problem(opening: "libc.so.6")
    #expect(other == "libxml2 could not be loaded: libc.so.6 has no xmlInitParser")
    #expect(XMLLibrary.problem(opening: "libxml2.so.2") == nil)
    #expect(XMLLibrary.loadError == nil, "this machine has libxml2")
  }
}
