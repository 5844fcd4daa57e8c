import TabBarKit

/// The words of a comments page's likes (顶) and replies (盖楼), in each
/// language. `{name}` in a template is replaced by its value.
struct CommentStrings: Equatable {
  /// ↑/↓ on the comments page: the comment the keys act on.
  var previousComment = InterfaceStrings.KeyWords("Choose the comment above")
  var nextComment = InterfaceStrings.KeyWords("Choose the comment below", hint: "↑↓ choose")
  /// `l`: like the chosen comment, or take the like back.
  var like = InterfaceStrings.KeyWords("Like the chosen comment, or take it back", hint: "l like")
  /// `r`: reply to the chosen comment.
  var reply = InterfaceStrings.KeyWords("Reply to the chosen comment", hint: "r reply")
  /// The likes of a comment the reader liked.
  var likedByYou = "♥ {count} · liked"
  /// The toasts of `l`.
  var liked = "Liked"
  var unliked = "Like taken back"
  /// The reply form's title.
  var replyTitle = "Reply to {author}"
  /// A floor of a thread: its number and author.
  var floor = "#{number} {author}"
  /// Floors left out of a long thread.
  var hiddenFloors = "⋯ {count} more"
  /// A toast after posting a reply.
  var replied = "Reply posted"

  static let english = CommentStrings()

  static let simplifiedChinese = CommentStrings(
    previousComment: .init("选择上一条跟贴"), nextComment: .init("选择下一条跟贴", hint: "↑↓ 选择"),
    like: .init("顶所选跟贴，再按取消", hint: "l 顶"), reply: .init("回复所选跟贴", hint: "r 回复"),
    likedByYou: "{count} 赞 · 已顶", liked: "已顶", unliked: "已取消顶", replyTitle: "回复 {author}",
    floor: "{number}楼 {author}", hiddenFloors: "⋯ 还有 {count} 层", replied: "回复已发布")
}
