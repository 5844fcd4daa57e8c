import TabBarKit

/// The demo's root: the tab bar controller, holding what the app's pages
/// share, as an iOS app's root view controller holds its model. Me's
/// setting rows read and change ``settings``; the compose forms keep their
/// drafts and post their stories through ``compose``. A page reaches both
/// through its ``ViewController/tabBarController``, and `--state` saves
/// both beside the navigation.
@MainActor
final class DemoRootController: TabBarController {
  /// The settings of Me: Night mode, the bar style, the badge timer…
  let settings: SettingsStore
  /// The compose forms' drafts and the stories posted.
  let compose: ComposeDesk

  /// The tabs of `content`: one stack per tab, with its item.
  init(stacks: [NavigationController], content: ContentFile) {
    settings = SettingsStore(content: content)
    compose = ComposeDesk(tabs: content.tabs)
    for (stack, tab) in zip(stacks, content.tabs) {
      stack.tabBarItem = tab.item
      stack.rootViewController.tabBarItem = tab.item
    }
    super.init(viewControllers: stacks)
    settings.root = self
    compose.root = self
  }

  /// The terminal's answer to the background query came: Night mode Auto
  /// follows it.
  override func terminalBackgroundDidChange() {
    super.terminalBackgroundDidChange()
    settings.terminalBackgroundDidChange()
  }
}

extension ViewController {
  /// The demo's root this page is in, if it is in one.
  var demoRoot: DemoRootController? { tabBarController as? DemoRootController }
}
