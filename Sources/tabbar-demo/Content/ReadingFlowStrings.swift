import TabBarKit

/// The words of reading from one page to the next: next and previous
/// story or chapter, comments (跟贴), Continue reading and the player's
/// related clips. `{name}` in a template is replaced by its value.
struct ReadingFlowStrings: Equatable {
  /// `n` on a story: the next story of the list it was opened from.
  var nextStory = InterfaceStrings.KeyWords("Next story", hint: "n/p story")
  /// `p` on a story.
  var previousStory = InterfaceStrings.KeyWords("Previous story")
  /// `n` on a chapter: the book's next chapter.
  var nextChapter = InterfaceStrings.KeyWords("Next chapter", hint: "n/p chapter")
  /// `p` on a chapter.
  var previousChapter = InterfaceStrings.KeyWords("Previous chapter")
  /// The toast of `n` on the last one and of `p` on the first.
  var noNext = "This is the last one"
  var noPrevious = "This is the first one"
  /// The line at the end of a chapter.
  var nextChapterLine = "Next chapter: {title} (press n)"
  /// `c` on a story: its comments.
  var comments = InterfaceStrings.KeyWords("Comments", hint: "c comments")
  /// A story's comment count, on its row and under its byline; a no-break
  /// space keeps the count with its word when the line wraps, as
  /// ``likes`` does.
  var commentCount = "{count}\u{00A0}comments"
  /// The line at the end of a story.
  var commentsLine = "{count}\u{00A0}comments · press c"
  /// The comments page: its title, its two orders and its keys.
  var commentsTitle = "Comments"
  var newestFirst = "Newest first"
  var hottestFirst = "Hottest first"
  var toggleOrder = InterfaceStrings.KeyWords("Newest or hottest first", hint: "s sort")
  var writeComment = InterfaceStrings.KeyWords("Write a comment", hint: "w write")
  /// A comment's likes; a no-break space keeps the count with its unit
  /// when the line wraps.
  var likes = "♥\u{00A0}{count}"
  /// A story with no comments yet.
  var noComments = "No comments yet: press w to write the first."
  /// The form of `w`: its field, its button, and what a posted comment shows.
  var commentField = "Comment"
  var commentPlaceholder = "Say what you think"
  var commentRequired = "Write something first."
  var post = "Post"
  var posted = "Comment posted"
  var you = "You"
  var justNow = "just now"
  /// Signed out, `w` asks to sign in.
  var signInToComment = "Sign in to comment"
  var signInToCommentMessage = "Commenting needs an account: sign in first."
  /// The first row of Reading: the last chapter read, and where.
  var continueReading = "Continue reading: {title}"
  var continueDetail = "{book} · {percent}%"
  var startReading = "Start reading: {title}"
  /// How far a book, a chapter or a clip got, after its row's detail.
  var bookProgress = "chapter {chapter} of {count}"
  var percentDone = "{percent}%"
  /// The player: its related clips.
  var related = "Related clips"
  var openRelated = InterfaceStrings.KeyWords("Choose a related clip", hint: "↑↓ related")
  var openClip = InterfaceStrings.KeyWords("Open the chosen clip", hint: "enter open")
  /// Esc on a comment with text in it: the dialog, as the compose form's.
  var unsentComment = "Unsent comment"
  var unsentCommentMessage = "Keep this comment to finish it later?"
  var saveDraft = "Save draft"
  var deleteDraft = "Delete draft"
  var cancel = "Cancel"
  /// The comment form's title: what is left of the characters a comment
  /// holds, and what typing past them says under the field.
  var charactersLeft = "{count} characters left"
  var commentFull = "A comment holds {count} characters: the rest was not added."

  static let english = ReadingFlowStrings()

  static let simplifiedChinese = ReadingFlowStrings(
    nextStory: .init("下一篇", hint: "n/p 下一篇/上一篇"), previousStory: .init("上一篇"),
    nextChapter: .init("下一章", hint: "n/p 下一章/上一章"), previousChapter: .init("上一章"),
    noNext: "已经是最后一篇", noPrevious: "已经是第一篇", nextChapterLine: "下一章：{title}（按 n）",
    comments: .init("查看跟贴", hint: "c 跟贴"), commentCount: "{count}\u{00A0}跟贴",
    commentsLine: "{count}\u{00A0}跟贴 · 按 c 查看", commentsTitle: "跟贴", newestFirst: "最新",
    hottestFirst: "最热", toggleOrder: .init("按最新或最热排序", hint: "s 排序"),
    writeComment: .init("写跟贴", hint: "w 写跟贴"), likes: "{count}\u{00A0}赞",
    noComments: "还没有跟贴：按 w 抢沙发。", commentField: "跟贴", commentPlaceholder: "说说你的看法",
    commentRequired: "请先写点什么。", post: "发布", posted: "跟贴已发布", you: "我", justNow: "刚刚",
    signInToComment: "登录后跟贴", signInToCommentMessage: "跟贴需要账号：请先登录。",
    continueReading: "继续阅读：{title}", continueDetail: "{book} · {percent}%",
    startReading: "开始阅读：{title}", bookProgress: "第{chapter}/{count}章", percentDone: "{percent}%",
    related: "相关视频",
    openRelated: .init("选择相关视频", hint: "↑↓ 相关视频"),
    openClip: .init("打开所选视频", hint: "enter 打开"), unsentComment: "跟贴未发布",
    unsentCommentMessage: "保留这条跟贴，稍后接着写？", saveDraft: "保存草稿", deleteDraft: "删除草稿",
    cancel: "取消", charactersLeft: "还可以输入 {count} 字",
    commentFull: "跟贴最多 {count} 字：多出的部分没有加上。")
}
