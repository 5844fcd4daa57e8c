import TabBarKit
import Testing

@testable import tabbar_demo

/// The app's own settings are declared in one place (``AppSetting``): a
/// content file names them from there, and the Me page shows and changes
/// each without knowing it.
@MainActor
@Suite("demo settings: each of the app's settings in one place")
struct AppSettingTests {
  /// The Settings page of a file whose one row is `row`, in a running app.
  static func page(row: String) throws -> (SettingsPage, DemoRootController) {
    let file =
      #"{"tabs": [{"title": "Me", "page": "me"}], "pages": {"me": {"rows": ["#
      + row + "]}}}"
    let content = try ContentFile(bytes: Array(file.utf8), file: "f.json")
    let root = try DemoModel(content: content, loadsAtOnce: true).makeRoot(barStyle: nil)
    let app = Application(
      root: root, terminal: MemoryTerminal(size: Size(width: 80, height: 24)),
      clock: ManualClock(), animated: false)
    app.start()
    let page = try #require(root.stacks[0].rootViewController as? SettingsPage)
    return (page, root)
  }

  @Test(
    "each setting is named in a file by its case, shows its value, and Enter changes or asks",
    arguments: AppSetting.allCases)
  func everySettingActs(_ setting: AppSetting) throws {
    let (page, root) = try Self.page(
      row: #"{"title": "It", "detail": "now", "setting": "\#(setting.rawValue)"}"#)
    let before = try #require(page.listView.rows.first)
    page.change(0)
    let after = try #require(page.listView.rows.first)
    let asked = root.presentedViewController is AlertController
    #expect(asked || (before.title, before.detail) != (after.title, after.detail))
    #expect(!before.detail.isEmpty || !before.title.isEmpty)
  }

  @Test("an unknown setting's error lists every setting of the app")
  func unknownNamesEverySetting() {
    let file =
      #"{"tabs": [{"title": "Me", "page": "me"}], "pages": {"me": {"rows": "#
      + #"[{"title": "It", "setting": "textSize"}]}}}"#
    var message = ""
    do {
      _ = try ContentFile(bytes: Array(file.utf8), file: "f.json")
    } catch {
      message = "\(error)"
    }
    #expect(message.contains("unknown setting \"textSize\""))
    for setting in AppSetting.allCases {
      #expect(message.contains("\"\(setting.rawValue)\""), "\(setting)")
    }
  }

  @Test("a row's own words win over a setting's English ones, key by key")
  func ownWords() throws {
    let (page, _) = try Self.page(
      row: #"{"title": "Sprache", "setting": "language", "strings": {"english": "Englisch"}}"#)
    #expect(page.listView.rows.first?.detail == "Englisch")
    page.change(0)
    #expect(page.listView.rows.first?.detail == "中文", "the default for a key left out")
  }
}
