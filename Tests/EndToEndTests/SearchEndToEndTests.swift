import Testing

/// `/` in the demo's lists, headless: the filter finds stories by what they
/// are about, says so when nothing matches, and works beyond News.
@Suite("Searching the demo", .timeLimit(.minutes(1)))
struct SearchEndToEndTests {
  /// The screen after `keys`, as lines.
  static func screen(after keys: String) async throws -> [String] {
    let result = try await DemoBinary.run(["--headless", "--size", "70x24", "--keys", keys])
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n").map(String.init)
  }

  @Test("/sport in News lists the Sport stories, though no headline says sport")
  func sportInNews() async throws {
    let lines = try await Self.screen(after: "/,s,p,o,r,t")
    let sport = lines.filter { $0.contains("Sport ·") }
    #expect(sport.count >= 4, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("Local team wins the cup final") })
    // Only matching rows: none filed under Finance, which never says sport.
    #expect(!lines.contains { $0.contains("Finance ·") }, "\(lines.joined(separator: "\n"))")
  }

  @Test("a filter that matches nothing says No results for it")
  func noResults() async throws {
    let lines = try await Self.screen(after: "/,z,q,x,j")
    #expect(lines.contains { $0.contains("No results for 'zqxj'") }, "\(lines)")
  }

  @Test("/ filters Video's clips")
  func videoSearch() async throws {
    let lines = try await Self.screen(after: "3,/,b,r,i,d,g,e")
    #expect(lines.contains { $0.contains("How bridges stand up") }, "\(lines)")
    #expect(!lines.contains { $0.contains("Street food at dawn") }, "\(lines)")
    #expect(lines.contains { $0.contains("1 of 21") })
  }

  @Test("/ filters the rows of an open Topics section")
  func topicsSearch() async throws {
    let lines = try await Self.screen(after: "4,enter,down,/,f,r,o,g")
    #expect(lines.contains { $0.contains("New species of frog discovered") }, "\(lines)")
    #expect(!lines.contains { $0.contains("Scientists map a distant galaxy") }, "\(lines)")
  }
}
