import TabBarKit

/// What the demo shows, as read from a content file (`--content FILE`, or the
/// built-in `demo.json`): the tabs with their glyphs and badges, the pages by
/// id, an optional plus button and an optional badge timer.
///
/// The format is described in `Examples/CONTENT-FORMAT.md`. A value of this
/// type has been checked: every page id it refers to exists, the badge timer
/// names a tab with a count badge, and there is at least one tab.
struct ContentFile {
  /// One tab: the item shown in the bar and the page at the root of its stack.
  struct Tab {
    /// Title, glyphs and badge.
    var item: TabBarItem
    /// The id of the tab's root page.
    var page: String
  }

  /// A row of a list page or of an accordion section.
  struct Row {
    /// The main text.
    var title: String
    /// Dim text at the right; empty for none.
    var detail: String
    /// The id of the page Enter pushes; nil for a row that opens nothing.
    var page: String?
    /// What the row sets, for a setting row (which opens no page).
    var setting: Setting? = nil
  }

  /// A section of an accordion page: a header over a list.
  struct Section {
    /// The header's text.
    var title: String
    /// The list shown while the section is open.
    var rows: ContentRows
  }

  /// A story or a chapter: a dateline and a body of headings and paragraphs.
  struct Article {
    /// Who wrote it, as it is shown ("By Ana Ruiz"); empty for none.
    var byline: String
    /// When, as it is shown ("2h", "Monday"); empty for none.
    var time: String
    /// The section it belongs to ("Finance"); empty for none.
    var category: String
    /// Headings and paragraphs, top to bottom; never empty.
    var body: [TextBlock]

    /// `By Ana Ruiz · 2h · Finance`: the parts that are given, joined; empty
    /// when none is.
    var dateline: String {
      [byline, time, category].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// The page's document: the title as a heading, the dateline, the body.
    func blocks(title: String) -> [TextBlock] {
      (title.isEmpty ? [] : [.heading(title)]) + (dateline.isEmpty ? [] : [.paragraph(dateline)])
        + body
    }
  }

  /// A page, referred to by its id.
  struct Page {
    /// What the page is.
    enum Kind {
      /// A list of rows (``ListViewController``); `/` filters a searchable one.
      case list(ContentRows, searchable: Bool)
      /// Sections of which at most one is open (``AccordionController``).
      case accordion([Section], headerHeight: Int)
      /// A story or a chapter (``TextViewController``).
      case text(Article)
      /// A video that plays for `seconds` (``PlayerPage``).
      case player(seconds: Int)
      /// A form that posts a story to a tab's list (``ComposePage``).
      case form(FormSpec)
    }

    /// The title; nil to take the title of whatever opens the page (the tab,
    /// the row, the plus button).
    var title: String?
    /// Rows, sections, an article or a video.
    var kind: Kind
    /// A list page's channels, shown in a strip over it; nil for none.
    var channels: [Channel]? = nil
    /// A list page's news feeds, each a channel in place of ``channels``;
    /// nil for none (Feeds/ContentDecoder+Feeds.swift).
    var feeds: [String]? = nil
    /// A text page's comments, newest first; nil when it declares none.
    var comments: [Comment]? = nil
    /// A player page's description and related clips.
    var video = VideoInfo()
  }

  /// The plus button and the page it opens.
  struct PlusButtonSpec {
    /// What pressing it does with ``page``.
    enum Action: String, CaseIterable {
      /// Presents the page over everything (Esc closes it).
      case presents
      /// Selects the page like a tab.
      case selects
    }

    /// The glyph in the middle of the button.
    var glyph: String
    /// The title under the glyph; empty for none.
    var title: String
    /// Columns the button takes.
    var width: Int
    /// The tab position it stands before; nil for the middle.
    var index: Int?
    /// Present or select.
    var action: Action
    /// The id of the page it opens.
    var page: String
  }

  /// A tab whose count badge grows by one every `interval` while the app runs
  /// in a terminal.
  struct BadgeTimer {
    /// The tab's index.
    var tab: Int
    /// Time between two increments.
    var interval: Duration
  }

  /// The bar style the file asks for; the command line's `--bar-style` wins.
  var barStyle: TabBarStyle?
  /// The tabs, in bar order; never empty.
  var tabs: [Tab]
  /// Every page, by id; ids compare by Unicode scalars, as JSON keys do.
  var pages: [JSONKey: Page]
  /// The plus button, if any.
  var plusButton: PlusButtonSpec?
  /// The badge timer, if any.
  var badgeTimer: BadgeTimer?
  /// Every word that is not content, in the file's language.
  var words = Words()
  /// The themes of day and night, which the Night mode setting switches between.
  var themes = Themes()
}
