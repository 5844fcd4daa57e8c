/// The words of the built-in content that are the app's and not its
/// stories' (page titles, Me's rows and their values, dialogs, the Post
/// form, News's channels, Topics' sections, the topics one can block), in
/// Chinese as `Examples/netease.json` words them: Language → 中文 shows
/// them so, while the stories, books and clips stay as the file wrote them.
///
/// Keyed by the English of the built-in file; a content file of one's own
/// with the same English words gets the same Chinese.
enum BuiltInChinese {
  /// A word by its English: titles, rows, values, dialogs and the form.
  static let words: [String: String] = [
    // The tabs, the plus button and the form's page.
    "News": "新闻", "Reading": "阅读", "Video": "视频", "Topics": "话题", "Me": "我的",
    "Post": "发布", "Compose": "写新闻",
    // Me's rows.
    "Profile": "我的资料", "Messages": "消息中心", "Favourites": "我的收藏",
    "History": "浏览历史", "Downloads": "离线下载", "Subscriptions": "我的订阅",
    "Night mode": "夜间模式", "Bar style": "底栏样式", "Notifications": "推送通知",
    "Text width": "正文宽度", "Refresh feeds": "自动刷新",
    "Privacy": "隐私设置", "Blocked topics": "屏蔽的话题", "Language": "语言",
    "Clear cache": "清除缓存", "Feedback": "意见反馈", "Help centre": "帮助中心",
    "About": "关于", "Terms of service": "用户协议", "Sign out": "退出登录",
    "3 new": "3条新消息",
    // The settings' values and dialogs.
    "On": "开", "Off": "关", "Auto": "自动", "Regular": "标准", "Compact": "紧凑", "Icon": "图标",
    "Narrow": "窄", "Normal": "适中", "Wide": "全宽",
    "Every 5 min": "每5分钟", "Every 15 min": "每15分钟", "Every 30 min": "每30分钟",
    "Every 60 min": "每60分钟",
    "Sign out?": "退出登录？", "You can sign in again at any time.": "你可以随时重新登录。",
    "Cancel": "取消", "Sign in": "登录", "Signed out": "已退出登录", "Signed in": "已登录",
    "Clear cache?": "清除缓存？",
    "Saved pictures and pages will be removed.": "已保存的图片和页面将被删除。",
    "Clear": "清除", "Cache cleared": "缓存已清除",
    // Blocked topics.
    "Celebrity gossip": "明星八卦", "Horoscopes": "星座运势", "Lottery results": "彩票开奖",
    "Reality TV": "真人秀", "Sport": "体育", "Weather": "天气", "Blocked": "已屏蔽",
    "Shown": "显示",
    // Topics' sections.
    "Science": "科技", "Culture": "文化", "Travel": "旅行", "Everyday life": "生活",
    // The Post form.
    "Title": "标题", "Body": "正文", "Category": "分类", "What happened?": "发生了什么？",
    "Tell the story. A blank line starts a new paragraph.": "写下正文，空一行另起一段。",
    "World": "国际", "Local": "民生", "Finance": "财经", "new": "新",
    "Posted to News": "已发布到新闻", "Required": "必填", "You": "我", "now": "刚刚",
    "Unsent draft": "草稿未发布", "Keep this draft to finish it later?": "保存草稿，稍后继续编辑？",
    "Save draft": "保存草稿", "Delete draft": "删除草稿",
  ]

  /// News's channels by their English: "News" is 要闻 there, not the tab's 新闻.
  static let channels: [String: String] = [
    "Top": "头条", "News": "要闻", "Entertainment": "娱乐", "Sport": "体育", "Finance": "财经",
    "Tech": "科技",
  ]

  /// The English of a Chinese word of ``words``: a badge set in Chinese
  /// goes back to English with the language.
  static let english: [String: String] = Dictionary(
    words.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
}
