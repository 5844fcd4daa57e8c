import NcursesTerminal
import TabBarKit

// A form with one field and a button, for the end-to-end tests: typed text,
// CJK included, cursor moves and Backspace in a real terminal.

let name = FormField("Name", placeholder: "Type here")
let form = FormViewController(
  title: "Form", fields: [name],
  buttons: [FormButton(title: "Done") { form in form.title = "Done: \(name.text)" }])
TerminalApp.run { NavigationController(rootViewController: form) }
