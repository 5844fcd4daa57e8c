import Testing

@testable import TabBarKit

/// The list's search compares folded text: case, accents and width no
/// longer count, in every script, and Chinese is left as it is.
@Suite("folding text for search")
struct SearchFoldTests {
  @Test(
    "case, accents, marks and width fold away; Chinese and kana stay, a voiced mark goes",
    arguments: [
      ("Café", "cafe"), ("CAFE\u{301}", "cafe"), ("ＣＡＦＥ ２４", "cafe 24"), ("Straße", "strasse"),
      ("İstanbul", "istanbul"), ("ΣΊΣΥΦΟΣ", "σισυφοσ"), ("Ελλάς", "ελλασ"),
      ("新能源汽车销量创新高", "新能源汽车销量创新高"), ("ｶﾀｶﾅ", "カタカナ"), ("がっこう", "かっこう"),
      ("Zoë Ångström", "zoe angstrom"), ("①②③", "123"), ("ﬁnance", "finance"),
      ("x\u{200B}y", "xy"), ("👩‍💻", "👩💻"), ("❤️", "❤"), ("Дом ПРАВИТЕЛЬСТВА", "дом правительства"),
      ("한국어", "한국어"), ("", ""),
    ])
  func examples(text: String, folded: String) {
    #expect(SearchKey.folded(text) == folded)
  }

  @Test("a folded text holds no capital, no mark and no invisible format character")
  func foldedTextIsPlain() {
    // Every scalar of the first two planes that Unicode 14 assigns
    // (the table's version), checked against Swift's own Unicode data.
    var checked = 0
    for value in UInt32(0)...0x1FFFF {
      guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
        age.major < 14 || (age.major == 14 && age.minor == 0),
        !(0xAC00...0xD7A3).contains(value)
      else { continue }
      let folded = SearchKey.folded(String(scalar))
      for part in folded.unicodeScalars {
        let category = part.properties.generalCategory
        #expect(
          !part.properties.changesWhenCaseFolded && category != .nonspacingMark
            && category != .enclosingMark,
          "U+\(String(value, radix: 16)) folds to \(folded.debugDescription)")
      }
      // Folding twice changes nothing, and neither does lower case first.
      #expect(SearchKey.folded(folded) == folded)
      #expect(SearchKey.folded(String(scalar).lowercased()) == folded)
      checked += 1
    }
    #expect(checked > 70_000)
  }

  @Test("a search key holds a query in any of its texts, never across two")
  func searchKeyContains() {
    let key = SearchKey(["Finance", "By Ana Ruiz", "Shares rose for a third session."])
    #expect(key.contains("ana RUIZ"))
    #expect(key.contains("finance"))
    #expect(key.contains("SESSION."))
    #expect(!key.contains("ruizshares"))
    #expect(!key.contains("financeby"))
    #expect(key.contains(""))
    #expect(SearchKey("汽车展览会开幕").contains("展览"))
    #expect(SearchKey("Ａｎｎ Ｌｅｅ").contains("ann"))
    #expect(key == key && key != SearchKey(["Finance"]))
  }
}
