import TabBarKit

/// The demo's root: the tab bar controller, holding the app's
/// ``DemoModel`` as an iOS app's root view controller holds its model.
/// Pages do not reach the model through it: each was given what it needs
/// when it was made. `--state` saves the model beside the navigation.
///
/// It shows the model's changes that belong to the whole app: a tab's
/// badge when a story is posted to it and once it has been seen, and the
/// tab the reader lands on after posting.
@MainActor
final class DemoRootController: TabBarController {
  /// What the app's pages share.
  let model: DemoModel
  /// The tabs' navigation stacks, in the order of the tabs.
  let stacks: [NavigationController]
  /// The settings of Me: Night mode, the bar style, the badge timer…
  var settings: SettingsStore { model.settings }
  /// The compose forms' drafts and the stories posted.
  var compose: ComposeDesk { model.compose }

  /// The tabs of `model`'s content: one stack per tab, with its item.
  init(stacks: [NavigationController], model: DemoModel) {
    self.model = model
    self.stacks = stacks
    for (stack, tab) in zip(stacks, model.content.tabs) {
      stack.tabBarItem = tab.item
    }
    super.init(viewControllers: stacks)
    model.settings.root = self
    // Posts age on the app's clock: the one the app gives this root.
    model.compose.clock = { [weak self] in self?.clock }
    model.changes.observe(by: self) { [weak self] change in self?.show(change) }
  }

  /// Shows `change` where it concerns the whole app.
  private func show(_ change: DemoModel.Change) {
    switch change {
    case .posted(let post, let badge?) where viewControllers.indices.contains(post.tab):
      let tab = viewControllers[post.tab]
      tab.tabBarItem.badge = badge
      // A list that tells when the story is on screen clears the badge
      // then (``DemoModel.Change/postsSeen(tab:)``); any other, on select.
      if compose.postTabs[post.tab] != true { tab.tabBarItem.clearsBadgeOnSelect = true }
    case .postsSeen(let tab) where viewControllers.indices.contains(tab):
      viewControllers[tab].tabBarItem.badge = .none
    case .landed(let tab) where stacks.indices.contains(tab):
      selectedIndex = tab
      stacks[tab].popToRootViewController(animated: false)
    default:
      break
    }
  }

  /// Presents the form `id` again, as it was open at quit: the plus
  /// button's title when it opens that form, else the page's. Nothing for
  /// nil or a page that is not a form.
  func reopenForm(_ id: String?) {
    let content = model.content
    guard let id, case .form? = content.pages[JSONKey(id)]?.kind else { return }
    let title = content.plusButton.flatMap { $0.page == id ? $0.title : nil } ?? ""
    present(model.page(id, openedAs: title))
  }

  /// The terminal's answer to the background query came: Night mode Auto
  /// follows it.
  override func terminalBackgroundDidChange() {
    super.terminalBackgroundDidChange()
    settings.terminalBackgroundDidChange()
  }
}
