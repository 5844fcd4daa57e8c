import TabBarKit

extension Action {
  /// The comments page: newest or hottest first, `s`.
  static let toggleCommentOrder = Action.custom("toggleCommentOrder")
  /// The comments page: write one, `w`.
  static let writeComment = Action.custom("writeComment")
}

/// A story's comments (跟贴): each one's author, time and likes over its
/// text, newest first or, after `s`, hottest (most liked) first. `w`
/// writes one with a form; it shows at once, at the top, and `--state`
/// keeps it. Signed out, `w` asks to sign in first, as posting does.
///
/// `--state` saves the order and the place on the page, and the form open
/// over it with its text.
final class CommentsPage: TextViewController {
  /// The story's page id.
  let story: String
  private let model: DemoModel
  /// True for the most liked first; false for the newest first.
  private(set) var hottestFirst = false
  private var flow: ReadingFlowStrings { model.settings.strings.flow }

  /// The comments of story `story`.
  init(story: String, model: DemoModel) {
    self.story = story
    self.model = model
    super.init(title: model.settings.strings.flow.commentsTitle, blocks: [])
    textView.blocks = blocks()
  }

  /// The comments in the order chosen: the newest first as the log gives
  /// them, or by likes (ties keep that order).
  var comments: [ContentFile.Comment] {
    let all = model.comments.comments(of: story) ?? []
    guard hottestFirst else { return all }
    return all.enumerated().sorted {
      ($0.element.likes, -$0.offset) > ($1.element.likes, -$1.offset)
    }
    .map(\.element)
  }

  private func blocks() -> [TextBlock] {
    let comments = self.comments
    let count = DemoStrings.fill(flow.commentCount, ["count": "\(comments.count)"])
    var blocks: [TextBlock] = [
      .paragraph(count + " · " + (hottestFirst ? flow.hottestFirst : flow.newestFirst))
    ]
    if comments.isEmpty { blocks.append(.paragraph(flow.noComments)) }
    for comment in comments {
      let likes = DemoStrings.fill(flow.likes, ["count": "\(comment.likes)"])
      blocks.append(
        .heading(
          [comment.author, comment.time, likes].filter { !$0.isEmpty }
            .joined(separator: " · ")))
      blocks.append(.paragraph(comment.text))
    }
    return blocks
  }

  /// Shows the comments again, from the top.
  private func refresh() {
    textView.blocks = blocks()
    textView.scroll(to: .start)
    setNeedsDisplay()
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    let fresh = blocks()
    if fresh != textView.blocks { refresh() }
  }

  override var keyBindings: [KeyBinding] {
    super.keyBindings + [
      KeyBinding(
        [.character("s")], .toggleCommentOrder, help: flow.toggleOrder.help,
        hint: flow.toggleOrder.hint),
      KeyBinding(
        [.character("w")], .writeComment, help: flow.writeComment.help,
        hint: flow.writeComment.hint),
    ]
  }

  override func handle(_ action: Action) -> Bool {
    switch action {
    case .toggleCommentOrder:
      hottestFirst.toggle()
      refresh()
    case .writeComment:
      write()
    default:
      return super.handle(action)
    }
    return true
  }

  /// The form, or while signed out the dialog that signs in first.
  private func write() {
    guard model.settings.signedIn else {
      let settings = model.settings
      return present(
        AlertController.confirm(
          title: flow.signInToComment, message: flow.signInToCommentMessage,
          confirm: settings.strings.signIn, cancel: settings.interface[.cancel].help
        ) { [settings = model.settings] in settings.setSignedIn(true) })
    }
    navigationController?.pushViewController(form())
  }

  /// The form of `w`, which adds its text as the reader's comment.
  private func form() -> CommentFormPage {
    let page = CommentFormPage(flow: flow, draft: model.comments.drafts[story]) {
      [weak self] text in
      guard let self else { return }
      model.comments.drafts[story] = nil
      model.comments.add(
        ContentFile.Comment(author: flow.you, time: flow.justNow, text: text, likes: 0),
        to: story)
      hottestFirst = false
    }
    page.onLeave = { [weak self] draft in
      guard let self else { return }
      model.comments.drafts[story] = draft
    }
    return page
  }

  // MARK: State restoration and deep links

  /// Saves the order and the text at the top of the screen.
  override func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(hottestFirst, forKey: "hottest")
    coder.encode(textView.position.block, forKey: "block")
    coder.encode(textView.position.offset, forKey: "offset")
  }

  /// Puts back the order and the place, as far as the comments still reach.
  override func decodeRestorableState(with coder: RestorationCoder) {
    if let hottest = coder.decodeBool(forKey: "hottest"), hottest != hottestFirst {
      hottestFirst = hottest
      textView.blocks = blocks()
    }
    guard let block = coder.decodeInt(forKey: "block", clampedTo: 0...Int(Int32.max)),
      let offset = coder.decodeInt(forKey: "offset", clampedTo: 0...Int(Int32.max))
    else { return }
    let place = ResumeState.Place(id: story, block: block, offset: offset, percent: 0)
    textView.scroll(to: StoryPage.clamped(place, in: textView.blocks))
  }

  /// Opens the form of `w` at position 1, while signed in.
  override func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    guard position == 1, model.settings.signedIn, let stack = navigationController else {
      throw DeepLinkError(reason: "“\(title)” opens its form at 1, while signed in")
    }
    let page = form()
    stack.pushViewController(page, animated: false)
    return page
  }

  /// `[1]` while the form is open above the comments.
  override var openChildPositions: [Int] {
    pageAbove is CommentFormPage ? [1] : []
  }
}

/// The form of `w` on the comments page: one text area and Post, which
/// hands the text on, goes back and says so.
final class CommentFormPage: FormViewController {
  /// The comment's field.
  private let field: FormField

  /// The words of the dialog Esc shows over a written comment.
  private let flow: ReadingFlowStrings
  /// Told what is kept when the form is left by Esc: the text for Save
  /// draft, nil for Delete draft or an empty field.
  var onLeave: (@MainActor (String?) -> Void)?

  /// The form, holding `draft` if one was saved; `onPost` takes the
  /// comment's text.
  init(
    flow: ReadingFlowStrings, draft: String? = nil,
    onPost: @escaping @MainActor (String) -> Void
  ) {
    self.flow = flow
    let field = FormField(
      flow.commentField, placeholder: flow.commentPlaceholder,
      maximumLength: CommentLog.maximumLength, lines: 4,
      validator: { ComposePage.isBlank($0) ? flow.commentRequired : nil })
    self.field = field
    if let draft { field.text = String(draft.prefix(CommentLog.maximumLength)) }
    super.init(title: flow.writeComment.help, fields: [field])
    showCount()
    buttons = [
      FormButton(title: flow.post, submits: true) { form in
        onPost(field.text)
        form.showToast(flow.posted)
        form.navigationController?.popViewController()
      }
    ]
  }

  /// The title counts what is left of the characters a comment holds, as
  /// NetEase's comment box does.
  private func showCount() {
    let left = max(0, CommentLog.maximumLength - field.text.count)
    title =
      flow.writeComment.help + " · "
      + DemoStrings.fill(flow.charactersLeft, ["count": "\(left)"])
  }

  /// Typing counts down in the title; what does not fit is refused with
  /// a line under the field, never dropped without a word.
  override func insertText(_ text: String) {
    let before = field.text.count
    super.insertText(text)
    if field.text.count - before < text.count {
      field.error = DemoStrings.fill(
        flow.commentFull, ["count": "\(CommentLog.maximumLength)"])
    }
    showCount()
  }

  /// Esc on a written comment asks first, as the compose form does: save
  /// it as a draft (the next `w` on the story opens with it), delete it, or
  /// go back to it. An empty field closes at once.
  override func handle(_ key: Key) -> Bool {
    guard key == .escape else {
      let handled = super.handle(key)
      showCount()
      return handled
    }
    guard !ComposePage.isBlank(field.text) else {
      onLeave?(nil)
      return false
    }
    let alert = AlertController(title: flow.unsentComment, message: flow.unsentCommentMessage)
    alert.addAction(
      AlertAction(title: flow.saveDraft) { [weak self] in
        guard let self else { return }
        onLeave?(field.text)
        navigationController?.popViewController()
      })
    alert.addAction(
      AlertAction(title: flow.deleteDraft, style: .destructive) { [weak self] in
        self?.onLeave?(nil)
        self?.navigationController?.popViewController()
      })
    alert.addAction(AlertAction(title: flow.cancel, style: .cancel))
    // Enter keeps the text, as on the compose form.
    alert.preferredAction = 0
    present(alert)
    return true
  }

  /// Saves the text typed so far: a comment half written at quit is there
  /// at the next start.
  override func encodeRestorableState(with coder: inout RestorationCoder) {
    if !field.text.isEmpty { coder.encode(field.text, forKey: "text") }
  }

  /// Puts back the text, cut to the field's length.
  override func decodeRestorableState(with coder: RestorationCoder) {
    guard let text = coder.decodeString(forKey: "text") else { return }
    field.text = String(text.prefix(CommentLog.maximumLength))
    showCount()
  }
}
