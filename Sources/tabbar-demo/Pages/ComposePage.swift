import TabBarKit

/// A content file's form page (`"form"`): the fields it describes and a
/// button that posts the story they make to a tab's list (``ComposeDesk``).
///
/// As Mail does, leaving with text in it asks first: Esc shows a dialog to
/// save the draft (the form opens with it next time), delete it, or go
/// back to the form. An empty form closes at once. Every word the form and
/// its dialog show comes from the content file.
final class ComposePage: FormViewController {
  /// The page's id in the content file: its draft's key.
  let id: String
  /// What the file says of the form.
  let form: ContentFile.FormSpec
  /// Where the drafts are kept and the stories posted: the app's desk.
  let desk: ComposeDesk
  /// False until the saved draft, if any, is in the fields.
  private var hasDraft = false

  /// The form `form`, page `id` of the file, keeping its draft in `desk`.
  init(id: String, title: String, form: ContentFile.FormSpec, desk: ComposeDesk) {
    self.id = id
    self.desk = desk
    self.form = form
    let required = form.strings.required
    // A required field that is still blank complains once Post was
    // pressed, not when Tab leaves it on the way to the next field.
    let attempt = PostAttempt()
    let fields = form.fields.map { spec in
      guard spec.choices.isEmpty else { return FormField(spec.label, choices: spec.choices) }
      return FormField(
        spec.label, placeholder: spec.placeholder, maximumLength: spec.maximumLength,
        lines: spec.lines,
        validator: spec.isRequired
          ? { attempt.made && ComposePage.isBlank($0) ? required : nil } : nil)
    }
    super.init(title: title, fields: fields)
    buttons = [
      FormButton(title: form.submit) { [weak self] form in
        attempt.made = true
        if form.validate() { self?.post() }
      }
    ]
  }

  /// Whether Post has been pressed on the form: from then on, a blank
  /// required field says so.
  private final class PostAttempt {
    var made = false
  }

  /// True when `text` has nothing but spaces and newlines.
  static func isBlank(_ text: String) -> Bool {
    text.allSatisfy { $0 == " " || $0 == "\n" || $0 == "\t" }
  }

  /// The text of every field, in order (a choice field's option).
  var values: [String] { fields.map(\.text) }

  /// True when a text field has something in it: only then does leaving ask.
  var hasText: Bool {
    zip(form.fields, fields).contains { spec, field in
      spec.choices.isEmpty && !Self.isBlank(field.text)
    }
  }

  /// The story the fields make.
  var story: ComposeState.Post {
    let pairs = zip(form.fields, fields)
    func first(_ test: (ContentFile.FormSpec.Field) -> Bool) -> String {
      pairs.first { test($0.0) }?.1.text ?? ""
    }
    return ComposeState.Post(
      tab: form.postsTo, title: first(\.isTitle), body: first(\.isBody),
      category: first { !$0.choices.isEmpty }, byline: form.strings.byline,
      time: form.strings.time)
  }

  /// Posts the story (the fields were checked), says so, and closes the form.
  func post() {
    let story = story
    let toast = desk.publish(story, badge: form.badge, toast: form.toast)
    desk.drafts[id] = nil
    // The app's root, which the form is about to leave.
    let root = tabBarController
    leave()
    // On the new story, at the top of its tab: the toast shows there.
    desk.land(on: story.tab)
    root?.showToast(toast)
  }

  /// The dialog Esc shows over a form with text in it.
  func discardDialog() -> AlertController {
    let strings = form.strings
    let alert = AlertController(title: strings.discardTitle, message: strings.discardMessage)
    alert.addAction(
      AlertAction(title: strings.saveDraft) { [weak self] in
        guard let self else { return }
        desk.drafts[id] = values
        leave()
      })
    alert.addAction(
      AlertAction(title: strings.deleteDraft, style: .destructive) { [weak self] in
        guard let self else { return }
        desk.drafts[id] = nil
        leave()
      })
    alert.addAction(AlertAction(title: strings.cancel, style: .cancel))
    // Enter keeps the text: Save draft loses nothing, as Cancel would not.
    alert.preferredAction = 0
    return alert
  }

  /// Closes the form: popped when it was pushed, else dismissed.
  func leave() {
    if let stack = navigationController, stack.rootViewController !== self {
      stack.popViewController()
    } else {
      dismiss()
    }
  }

  /// Esc on a form with text asks first; on an empty one the draft goes
  /// and the form closes as any page does.
  override func handle(_ key: Key) -> Bool {
    if key == .escape {
      guard hasText else {
        desk.drafts[id] = nil
        return false
      }
      present(discardDialog())
      return true
    }
    return super.handle(key)
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    // The desk is the app's once the page is in it: its draft comes then.
    if !hasDraft, let draft = desk.drafts[id] {
      for (field, text) in zip(fields, draft) { field.text = text }
    }
    hasDraft = true
    desk.openPage = self
  }

  override func viewDidDisappear() {
    super.viewDidDisappear()
    if desk.openPage === self { desk.openPage = nil }
  }
}
