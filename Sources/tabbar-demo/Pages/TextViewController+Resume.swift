import TabBarKit

/// A story or chapter that resume brings back to where it was left: the
/// built-in content's stories and the feeds' share these two steps.
@MainActor
extension TextViewController {
  /// Shows `blocks` (only when they changed: a comment written meanwhile
  /// changes the count) and, when `resumes`, scrolls to where `log` says
  /// the reader left story `id`, moved inside the blocks as they are now.
  func show(_ blocks: [TextBlock], resuming id: String, from log: ResumeLog, resumes: Bool) {
    if blocks != textView.blocks { textView.blocks = blocks }
    if resumes, let place = log.place(of: id) {
      textView.scroll(to: StoryPage.clamped(place, in: textView.blocks))
    }
  }

  /// Tells `log` where the reader of story `id` is.
  func recordPlace(of id: String, in log: ResumeLog) {
    // 0 before the page's first layout, when the text has no lines yet.
    let percent = Int((textView.scrollFraction * 100).rounded())
    log.record(id, at: textView.position, percent: percent)
  }
}
