import NcursesTerminal
import TabBarKit

// A form at a tab's root, beside a second tab. In the field every printable
// key is text, `q` and digits included, and the hint names the way out
// (`tab next`, `alt-1–9 tabs`, `ctrl-c quit`); Tab moves to the button,
// where the tab keys and `q` work again, as on any page.

let name = FormField("Name", placeholder: "Type here")
let form = FormViewController(
  title: "Form", fields: [name],
  buttons: [FormButton(title: "Done") { form in form.title = "Done: \(name.text)" }])
let about = ListViewController(
  title: "About", rows: [ListRow("A form at a tab's root, and this second tab")])
TerminalApp.run {
  try TabBarController(
    viewControllers: [
      NavigationController(rootViewController: form),
      NavigationController(rootViewController: about),
    ],
    items: [TabBarItem(title: "Form", glyph: "✎"), TabBarItem(title: "About", glyph: "i")])
}
