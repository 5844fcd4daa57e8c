import TabBarKit

extension Action {
  /// The comments page: newest or hottest first, `s`.
  static let toggleCommentOrder = Action.custom("toggleCommentOrder")
  /// The comments page: write one, `w`.
  static let writeComment = Action.custom("writeComment")
  /// The comments page: like (顶) the chosen comment or take it back, `l`.
  static let likeComment = Action.custom("likeComment")
  /// The comments page: reply to the chosen comment, `r`.
  static let replyToComment = Action.custom("replyToComment")
}

/// A story's comments (跟贴): each one's author, time and likes over its
/// text, newest first or, after `s`, hottest (most liked) first. `w`
/// writes one with a form; it shows at once, at the top, and `--state`
/// keeps it. Signed out, `w` asks to sign in first, as posting does.
///
/// As on NetEase, ↑/↓ choose a comment (`▸` marks it, and it comes to the
/// top of the screen), `l` likes it (顶: its count goes up by one and says
/// so; `l` again takes it back) and `r` replies to it. A reply shows the
/// chain it answers stacked in a frame above its text (盖楼), the first
/// comment on top, each floor numbered.
///
/// `--state` saves the order, the comment chosen and the place on the
/// page, and the form open over it with its text.
final class CommentsPage: TextViewController {
  /// The story's page id.
  let story: String
  private let model: DemoModel
  /// True for the most liked first; false for the newest first.
  private(set) var hottestFirst = false
  /// The id of the comment the keys act on; nil for the first.
  private(set) var chosenID: String?
  /// The block of each comment's heading, in the order shown.
  private var headingBlocks: [Int] = []
  /// The columns the thread frames were drawn for.
  private var frameWidth = 40
  /// The form this page pushed last, while it lives: open when it is the
  /// page above (`--state` saves it), known without asking its type.
  private weak var pushedForm: CommentFormPage?
  private var flow: ReadingFlowStrings { model.settings.strings.flow }
  private var words: CommentStrings { model.settings.strings.comments }

  /// The widest a thread's frame gets: narrower than any text measure, so
  /// the text page never wraps a frame's line.
  static let maximumFrameWidth = 60

  /// The comments of story `story`.
  init(story: String, model: DemoModel) {
    self.story = story
    self.model = model
    super.init(title: model.settings.strings.flow.commentsTitle, blocks: [])
    textView.blocks = blocks()
  }

  /// The comments in the order chosen, with their ids: the newest first
  /// as the log gives them, or by likes (ties keep that order).
  var entries: [CommentLog.Entry] {
    let all = model.comments.entries(of: story) ?? []
    guard hottestFirst else { return all }
    return all.enumerated().sorted {
      ($0.element.comment.likes, -$0.offset) > ($1.element.comment.likes, -$1.offset)
    }
    .map(\.element)
  }

  /// The comments in the order chosen.
  var comments: [ContentFile.Comment] { entries.map(\.comment) }

  /// The comment the keys act on: the one chosen, else the first.
  var chosen: CommentLog.Entry? {
    let entries = self.entries
    return entries.first { $0.id == chosenID } ?? entries.first
  }

  private func blocks() -> [TextBlock] {
    let entries = self.entries
    let chosen = entries.first { $0.id == chosenID } ?? entries.first
    let count = DemoStrings.fill(flow.commentCount, ["count": "\(entries.count)"])
    var blocks: [TextBlock] = [
      .paragraph(count + " · " + (hottestFirst ? flow.hottestFirst : flow.newestFirst))
    ]
    if entries.isEmpty { blocks.append(.paragraph(flow.noComments)) }
    headingBlocks = []
    for entry in entries {
      let comment = entry.comment
      let likes = DemoStrings.fill(
        entry.liked ? words.likedByYou : flow.likes, ["count": "\(comment.likes)"])
      let heading = [comment.author, comment.time, likes].filter { !$0.isEmpty }
        .joined(separator: " · ")
      headingBlocks.append(blocks.count)
      blocks.append(.heading((entry.id == chosen?.id ? "▸ " : "") + heading))
      // The frame runs straight into the reply, with no blank line.
      let thread = CommentLog.thread(of: entry, in: entries)
      let framed = thread.isEmpty ? "" : frame(thread) + "\n"
      blocks.append(.paragraph(framed + comment.text))
    }
    return blocks
  }

  /// The comments `thread` answers, stacked in one frame as NetEase's
  /// floors (盖楼): the first comment on top, each floor its number and
  /// author over its text, lines padded by terminal columns so that the
  /// right edge lines up whatever the script. A long thread keeps its
  /// first floor and its last three.
  private func frame(_ thread: [CommentLog.Entry]) -> String {
    let width = max(8, frameWidth)
    let inner = width - 4
    let rule = String(repeating: "─", count: width - 2)
    func boxed(_ text: String) -> [String] {
      TextWrap.lines(text, width: inner).map { line in
        "│ " + line + String(repeating: " ", count: max(0, inner - TextWidth.width(of: line)))
          + " │"
      }
    }
    var floors = Array(thread.enumerated())
    var hidden = 0
    if floors.count > 4 {
      hidden = floors.count - 4
      floors = [floors[0]] + floors.suffix(3)
    }
    var lines = ["┌" + rule + "┐"]
    for (index, (number, entry)) in floors.enumerated() {
      if index > 0 { lines.append("├" + rule + "┤") }
      if index == 1, hidden > 0 {
        lines += boxed(DemoStrings.fill(words.hiddenFloors, ["count": "\(hidden)"]))
        lines.append("├" + rule + "┤")
      }
      lines += boxed(
        DemoStrings.fill(
          words.floor, ["number": "\(number + 1)", "author": entry.comment.author]))
      lines += boxed(entry.comment.text)
    }
    lines.append("└" + rule + "┘")
    return lines.joined(separator: "\n")
  }

  /// Shows the comments again, from the top.
  private func refresh() {
    textView.blocks = blocks()
    textView.scroll(to: .start)
    setNeedsDisplay()
  }

  /// Shows the comments again where they were (a like, a new choice).
  private func redraw() {
    textView.blocks = blocks()
    setNeedsDisplay()
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    let fresh = blocks()
    if fresh != textView.blocks { refresh() }
  }

  override func viewWillLayout(in rect: Rect) {
    // The frames are drawn for the width: again when it changes.
    let width = min(Self.maximumFrameWidth, rect.width - 3)
    if width != frameWidth {
      frameWidth = width
      textView.blocks = blocks()
    }
    super.viewWillLayout(in: rect)
  }

  override var keyBindings: [KeyBinding] {
    // With comments, ↑/↓ choose one (and scroll to it) instead of a line.
    let hasComments = !entries.isEmpty
    let scrolling = super.keyBindings.filter {
      !hasComments || ($0.action != .moveUp && $0.action != .moveDown)
    }
    let choosing =
      !hasComments
      ? []
      : [
        KeyBinding(
          [.up, .character("k")], .moveUp, help: words.previousComment.help,
          hint: words.previousComment.hint),
        KeyBinding(
          [.down, .character("j")], .moveDown, help: words.nextComment.help,
          hint: words.nextComment.hint, hintImportance: .high),
        KeyBinding([.character("l")], .likeComment, help: words.like.help, hint: words.like.hint),
        KeyBinding(
          [.character("r")], .replyToComment, help: words.reply.help, hint: words.reply.hint),
      ]
    return choosing + scrolling + [
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
      chooseAtTop()
    case .writeComment:
      write(replyingTo: nil)
    case .replyToComment:
      guard let chosen else { return false }
      write(replyingTo: chosen)
    case .likeComment:
      guard let chosen else { return false }
      chosenID = chosen.id
      let liked = model.comments.toggleLike(chosen.id, on: story)
      redraw()
      showToast(liked ? words.liked : words.unliked)
    case .moveUp, .moveDown:
      choose(by: action == .moveUp ? -1 : 1)
    case .moveToTop, .moveToBottom:
      _ = super.handle(action)
      let entries = self.entries
      chosenID = (action == .moveToTop ? entries.first : entries.last)?.id
      redraw()
    default:
      let moved = super.handle(action)
      if moved { chooseAtTop() }
      return moved
    }
    return true
  }

  /// The wheel and the scroll bar scroll, and choose the comment at the
  /// top; a click on a comment (its heading, its thread or its text)
  /// chooses it, as ↑/↓ do, where it is.
  override func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool {
    if super.handleMouse(event, in: rect) {
      chooseAtTop()
      return true
    }
    let entries = self.entries
    guard event.kind == .press, let place = textView.position(at: event.position, in: rect),
      let index = comment(inBlock: place.block), index < entries.count
    else { return false }
    if entries[index].id != chosen?.id {
      chosenID = entries[index].id
      redraw()
    }
    return true
  }

  /// The index in ``entries`` of the comment whose heading, thread or
  /// text is block `block`; nil for the count above the first.
  private func comment(inBlock block: Int) -> Int? {
    headingBlocks.lastIndex { $0 <= block }
  }

  /// Chooses the comment `delta` places away and brings it to the top
  /// (the first one with the count above it).
  private func choose(by delta: Int) {
    let entries = self.entries
    guard !entries.isEmpty else { return }
    let index = entries.firstIndex { $0.id == chosen?.id } ?? 0
    let next = min(max(0, index + delta), entries.count - 1)
    chosenID = entries[next].id
    redraw()
    let block = next == 0 ? 0 : headingBlocks[next]
    textView.scroll(to: TextPosition(block: block, offset: 0))
  }

  /// After a scroll, chooses the comment at the top of the screen.
  private func chooseAtTop() {
    let entries = self.entries
    guard !entries.isEmpty else { return }
    let index = comment(inBlock: textView.position.block) ?? 0
    guard entries[index].id != chosen?.id else { return }
    chosenID = entries[index].id
    redraw()
  }

  /// The form, or while signed out the dialog that signs in first.
  private func write(replyingTo entry: CommentLog.Entry?) {
    guard model.settings.signedIn else {
      let settings = model.settings
      return present(
        AlertController.confirm(
          title: flow.signInToComment, message: flow.signInToCommentMessage,
          confirm: settings.strings.signIn, cancel: settings.interface[.cancel].help
        ) { [settings = model.settings] in settings.setSignedIn(true) })
    }
    navigationController?.pushViewController(form(replyingTo: entry))
  }

  /// The form of `w`, which adds its text as the reader's comment, or of
  /// `r`, which adds it as a reply to `entry`.
  private func form(replyingTo entry: CommentLog.Entry?) -> CommentFormPage {
    let key = CommentLog.draftKey(story: story, replyTo: entry?.id)
    let page = CommentFormPage(
      flow: flow, draft: model.comments.drafts[key],
      heading: entry.map {
        DemoStrings.fill(words.replyTitle, ["author": $0.comment.author])
      },
      replyTo: entry?.id
    ) { [weak self] text in
      guard let self else { return }
      model.comments.drafts[key] = nil
      chosenID = model.comments.add(
        ContentFile.Comment(author: flow.you, time: flow.justNow, text: text, likes: 0),
        to: story, replyTo: entry?.id)
      hottestFirst = false
    }
    if entry != nil { page.postedMessage = words.replied }
    pushedForm = page
    page.onLeave = { [weak self] draft in
      guard let self else { return }
      model.comments.drafts[key] = draft
    }
    return page
  }

  // MARK: State restoration and deep links

  /// Saves the order, the comment chosen and the text at the top of the
  /// screen.
  override func encodeRestorableState(with coder: inout RestorationCoder) {
    coder.encode(hottestFirst, forKey: "hottest")
    if let chosenID { coder.encode(chosenID, forKey: "chosen") }
    coder.encode(textView.position.block, forKey: "block")
    coder.encode(textView.position.offset, forKey: "offset")
  }

  /// Puts back the order, the comment chosen and the place, as far as the
  /// comments still reach.
  override func decodeRestorableState(with coder: RestorationCoder) {
    if let hottest = coder.decodeBool(forKey: "hottest"), hottest != hottestFirst {
      hottestFirst = hottest
    }
    if let chosen = coder.decodeString(forKey: "chosen"),
      entries.contains(where: { $0.id == chosen })
    {
      chosenID = chosen
    }
    textView.blocks = blocks()
    guard let block = coder.decodeInt(forKey: "block", clampedTo: 0...Int(Int32.max)),
      let offset = coder.decodeInt(forKey: "offset", clampedTo: 0...Int(Int32.max))
    else { return }
    let place = ResumeState.Place(id: story, block: block, offset: offset, percent: 0)
    textView.scroll(to: StoryPage.clamped(place, in: textView.blocks))
  }

  /// Opens, while signed in, the form of `w` at position 1, and at 2 the
  /// reply to the comment chosen.
  override func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    guard position == 1 || (position == 2 && chosen != nil), model.settings.signedIn,
      let stack = navigationController
    else {
      throw DeepLinkError(
        reason: "“\(title)” opens its form at 1 and a reply at 2, while signed in")
    }
    let page = form(replyingTo: position == 2 ? chosen : nil)
    stack.pushViewController(page, animated: false)
    return page
  }

  /// `[1]` while the form is open above the comments, `[2]` a reply's.
  override var openChildPositions: [Int] {
    guard let form = pushedForm, form === pageAbove else { return [] }
    return form.replyTo == nil ? [1] : [2]
  }
}

/// The form of `w` on the comments page: one text area and Post, which
/// hands the text on, goes back and says so.
final class CommentFormPage: FormViewController {
  /// The comment's field.
  private let field: FormField

  /// The words of the dialog Esc shows over a written comment.
  private let flow: ReadingFlowStrings
  /// The title before the count: "Write a comment", or the reply's.
  private let heading: String
  /// The comment this form replies to; nil for a comment of its own.
  let replyTo: String?
  /// The toast once posted.
  var postedMessage: String
  /// Told what is kept when the form is left by Esc: the text for Save
  /// draft, nil for Delete draft or an empty field.
  var onLeave: (@MainActor (String?) -> Void)?

  /// The form, holding `draft` if one was saved, titled `heading` (by
  /// default "Write a comment"), a reply to comment `replyTo` if given;
  /// `onPost` takes the comment's text.
  init(
    flow: ReadingFlowStrings, draft: String? = nil, heading: String? = nil,
    replyTo: String? = nil, onPost: @escaping @MainActor (String) -> Void
  ) {
    self.flow = flow
    self.heading = heading ?? flow.writeComment.help
    self.replyTo = replyTo
    postedMessage = flow.posted
    let field = FormField(
      flow.commentField, placeholder: flow.commentPlaceholder,
      maximumLength: CommentLog.maximumLength, lines: 4,
      validator: { ComposePage.isBlank($0) ? flow.commentRequired : nil })
    self.field = field
    if let draft { field.text = String(draft.prefix(CommentLog.maximumLength)) }
    super.init(title: self.heading, fields: [field])
    showCount()
    buttons = [
      FormButton(title: flow.post, submits: true) { [unowned self] form in
        onPost(field.text)
        form.showToast(postedMessage)
        form.navigationController?.popViewController()
      }
    ]
  }

  /// The title counts what is left of the characters a comment holds, as
  /// NetEase's comment box does.
  private func showCount() {
    let left = max(0, CommentLog.maximumLength - field.text.count)
    title =
      heading + " · "
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
