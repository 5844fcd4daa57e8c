import TabBarKit

/// The demo's root: the tab bar controller, holding the app's
/// ``DemoModel`` as an iOS app's root view controller holds its model.
/// Pages do not reach the model through it: each was given what it needs
/// when it was made. `--state` saves the model beside the navigation.
@MainActor
final class DemoRootController: TabBarController {
  /// What the app's pages share.
  let model: DemoModel
  /// The settings of Me: Night mode, the bar style, the badge timer…
  var settings: SettingsStore { model.settings }
  /// The compose forms' drafts and the stories posted.
  var compose: ComposeDesk { model.compose }

  /// The tabs of `model`'s content: one stack per tab, with its item.
  init(stacks: [NavigationController], model: DemoModel) {
    self.model = model
    for (stack, tab) in zip(stacks, model.content.tabs) {
      stack.tabBarItem = tab.item
      stack.rootViewController.tabBarItem = tab.item
    }
    super.init(viewControllers: stacks)
    model.settings.root = self
    model.compose.root = self
  }

  /// The terminal's answer to the background query came: Night mode Auto
  /// follows it.
  override func terminalBackgroundDidChange() {
    super.terminalBackgroundDidChange()
    settings.terminalBackgroundDidChange()
  }
}
