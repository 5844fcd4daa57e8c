import NcursesTerminal
import TabBarKit

// A container of your own: two panes side by side, a list of notes on the
// left and the chosen note on the right. The container embeds both pages,
// gives each its half in the layout pass, draws them, and keeps the keys
// on the list.

/// Two pages side by side; the keys go to the left one.
final class SplitViewController: ViewController {
  let primary: ViewController
  let secondary: ViewController

  init(title: String, primary: ViewController, secondary: ViewController) {
    self.primary = primary
    self.secondary = secondary
    super.init(title: title)
    embed(primary)
    embed(secondary)
  }

  override var visibleChildren: [ViewController] { [primary, secondary] }
  override var focusedChild: ViewController? { primary }

  /// The left and the right half of `rect`, a column apart.
  func halves(of rect: Rect) -> (left: Rect, right: Rect) {
    let left = rect.width / 2
    return (
      Rect(x: rect.minX, y: rect.minY, width: left, height: rect.height),
      Rect(
        x: rect.minX + left + 1, y: rect.minY, width: max(0, rect.width - left - 1),
        height: rect.height)
    )
  }

  override func viewWillLayout(in rect: Rect) {
    let (left, right) = halves(of: rect)
    primary.viewWillLayout(in: left)
    secondary.viewWillLayout(in: right)
  }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let (left, right) = halves(of: rect)
    primary.render(in: left, into: &buffer)
    for y in rect.minY..<rect.maxY { buffer.write("│", at: Point(x: left.maxX, y: y)) }
    secondary.render(in: right, into: &buffer)
  }
}

/// The text of the chosen note.
final class NotePage: ViewController {
  var text = "Choose a note." {
    didSet { setNeedsDisplay() }
  }

  init() { super.init(title: "Note") }

  override func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    buffer.write(text, at: rect.origin)
  }
}

let notes = [
  ("Groceries", "Eggs, rice and green tea."),
  ("Call Mum", "Sunday, after lunch."),
  ("Ideas", "A tab bar for the terminal."),
]
let note = NotePage()
let list = ListViewController(
  title: "Notes",
  rows: notes.map { title, text in ListRow(title, perform: { note.text = text }) })
TerminalApp.run {
  NavigationController(
    rootViewController: SplitViewController(title: "Notes", primary: list, secondary: note))
}
