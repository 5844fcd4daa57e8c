/// A page of the app: it draws into a rectangle of the screen buffer and
/// answers actions. Subclass it and override ``render(in:into:)`` and
/// ``handle(_:)-(Action)``; containers (``NavigationController``,
/// ``TabBarController``) are view controllers too.
///
/// Appearance calls come in UIKit's order: the page that leaves gets
/// ``viewWillDisappear()``, the page that comes gets ``viewWillAppear()``,
/// then ``viewDidDisappear()`` and ``viewDidAppear()``.
@MainActor
open class ViewController {
  /// The title, shown in the navigation bar and, by default, in the tab bar.
  open var title: String

  /// The item that represents this controller in a tab bar. Changing
  /// it (a new badge, say) redraws the bar.
  ///
  /// A tab's navigation controller and its root page share one item, as in
  /// UIKit: a badge set on either shows in the bar.
  public var tabBarItem: TabBarItem {
    didSet {
      guard tabBarItem != oldValue else { return }
      setNeedsDisplay()
      (parent as? TabBarChildContainer)?.childTabBarItemDidChange(self)
    }
  }

  /// The bar is hidden while this page, or a page below it in its stack
  /// (other than the root), has this set (UIKit's rule). True by default:
  /// the NetEase dock hides the bar on every pushed page. Set it to false for
  /// a pushed page that keeps the bar.
  public var hidesBottomBarWhenPushed = true

  /// The container this controller is in, or nil for the root. Only
  /// ``embed(_:)`` and ``unembed(_:)`` change it.
  public private(set) weak var parent: ViewController?

  /// The controllers this container holds, in the order they were added
  /// (UIKit's `children`).
  public private(set) var children: [ViewController] = []

  /// Where a root controller reports that the screen needs drawing again.
  var displayHandler: (() -> Void)?

  /// The settings a controller passes down to the controllers it contains,
  /// as UIKit's trait collection: each is nil until set, and a controller
  /// that has not set one uses the nearest container's.
  package struct Traits {
    /// The styles of the interface.
    package var theme: Theme?
    /// The words the library draws.
    package var interfaceStrings: InterfaceStrings?
    /// The most columns a line of a text page takes.
    package var readableWidth: Int?
    /// The colours the terminal shows: set on the root by the run loop.
    /// Without colours, ``ViewController/theme`` reads as its monochrome
    /// version.
    package var colorDepth: ColorDepth?
    /// Whether the terminal's background is dark or light: set on the root
    /// by the run loop.
    package var terminalBackground: TerminalBackground?
    /// The clock animations read.
    package var clock: (any AnimationClock)?
    /// False to make every change instant.
    package var animationsEnabled: Bool?
    /// What runs the animations.
    package var animator: Animator?
    /// The app's timers.
    package var timers: Timers?
    /// The running app (held weakly: the app owns its controllers).
    package weak var application: Application?

    /// No setting of its own: everything inherited.
    package init() {}
  }

  /// The settings set on this controller itself; the rest are inherited
  /// (see ``Traits``). The properties below read and write it.
  package var ownTraits = Traits()

  /// The nearest setting of `trait`: this controller's, else its
  /// container's, and so on up to the root.
  package func inheritedTrait<Value>(_ trait: KeyPath<Traits, Value?>) -> Value? {
    var node: ViewController? = self
    while let current = node {
      if let value = current.ownTraits[keyPath: trait] { return value }
      node = current.parent
    }
    return nil
  }

  /// The styles the page draws with: set on any controller,
  /// usually the root; a controller without its own theme uses its
  /// parent's, ``Theme/standard`` at the top. Setting it draws the screen
  /// again at once.
  ///
  /// On a terminal without colours it reads as the monochrome version of
  /// the theme set (every colour dropped, highlights in reverse video): the
  /// app keeps the theme it was given and draws it without colours.
  public var theme: Theme {
    get {
      let theme = inheritedTrait(\.theme) ?? .standard
      return inheritedTrait(\.colorDepth) == .monochrome ? theme.resolved(forColors: false) : theme
    }
    set {
      ownTraits.theme = newValue
      setNeedsDisplay()
    }
  }

  /// Whether the terminal's own background is dark or light, as far as
  /// the app knows it (``TerminalBackground/unknown`` until then): set on
  /// the root by the run loop.
  public var terminalBackground: TerminalBackground {
    inheritedTrait(\.terminalBackground) ?? .unknown
  }

  /// Called when ``terminalBackground`` changed (the terminal's answer
  /// came after the first frame), as UIKit's `traitCollectionDidChange`:
  /// the place to pick a theme for it (``Theme/automatic(for:)``). The
  /// default passes it on to the children.
  open func terminalBackgroundDidChange() {
    for child in children { child.terminalBackgroundDidChange() }
  }

  /// The words the library itself draws on this page and below it (the
  /// `More` tab, the key help, the hints of forms and dialogs): set on any
  /// controller, usually the root; a controller without its own uses its
  /// parent's, ``InterfaceStrings/english`` at the top. Setting it draws
  /// the screen again at once.
  public var interfaceStrings: InterfaceStrings {
    get { inheritedTrait(\.interfaceStrings) ?? .english }
    set {
      ownTraits.interfaceStrings = newValue
      setNeedsDisplay()
    }
  }

  /// The clock animations read: set on the root by the run loop; a
  /// controller without its own uses its parent's.
  public var clock: AnimationClock {
    get { inheritedTrait(\.clock) ?? Self.systemClock }
    set { ownTraits.clock = newValue }
  }
  private static let systemClock = SystemClock()

  /// What runs this controller's animations: the application's, set on the
  /// root by the run loop; inherited like ``theme``. Nil outside an app:
  /// nothing would step an animation there, so changes happen at once.
  package var animator: Animator? {
    get { inheritedTrait(\.animator) }
    set { ownTraits.animator = newValue }
  }

  /// Runs `action` every `interval` of the app's clock, between keys, while
  /// the page is on screen: like a task from ``startTask(_:)``, the timer
  /// is cancelled when the page leaves the screen (schedule it in
  /// ``viewDidAppear()`` to have it again when the page comes back). The
  /// token cancels it sooner. A timer that fell behind (a long frame) fires
  /// once, not once per missed interval. Nil when the page is not in a
  /// running app yet; the app's own timers (``Application/schedule(every:_:)``)
  /// run whatever is on screen.
  @discardableResult
  public func schedule(
    every interval: Duration, _ action: @escaping @MainActor () -> Void
  ) -> Timers.Token? {
    guard let token = inheritedTrait(\.timers)?.schedule(every: interval, from: clock.now, action)
    else { return nil }
    timerTokens.removeAll { !$0.isActive }
    timerTokens.append(token)
    return token
  }

  /// The page's timers, cancelled when it leaves the screen.
  private var timerTokens: [Timers.Token] = []

  /// The app this page runs in, to ``Application/quit()`` or to hand its
  /// ``Application/post(_:)`` to code off the main actor. Nil until the page
  /// is in a running app.
  public var application: Application? { inheritedTrait(\.application) }

  /// Shows `message` in a toast that goes away by itself (see
  /// ``Application/showToast(_:for:)``). A page that has just left the
  /// screen (popped, dismissed) shows it on the app it was in, so a page
  /// may pop itself and then say what it did; nothing when the page was
  /// never in a running app.
  public func showToast(_ message: String, for duration: Duration = .seconds(3)) {
    (application ?? formerApplication)?.showToast(message, for: duration)
  }

  /// The app this controller was in when it last left its container.
  private weak var formerApplication: Application?

  /// Starts `work` on the main actor as a task tied to the page being on
  /// screen, as SwiftUI's `.task`: it is cancelled when the page leaves the
  /// screen (popped, covered by a push, its tab left, dismissed). Start it in
  /// ``viewDidAppear()`` to load what the page shows, so it starts again
  /// each time the page comes back; or from a key (a refresh).
  ///
  /// The work runs between events, and what it changes is drawn once it
  /// calls ``setNeedsDisplay()``. It sees the cancellation as
  /// `Task.isCancelled`, or as the `CancellationError` an `await` such as
  /// `Task.sleep(for:)` throws; it should then leave the page as it is.
  @discardableResult
  public func startTask(
    _ work: @escaping @MainActor () async -> Void
  ) -> Task<Void, Never> {
    startTask(immediately: false, work)
  }

  /// ``startTask(_:)``, or with `immediately` a task that runs at once, up
  /// to its first suspension (`Task.immediate`): work that has its answer
  /// at hand (a load from memory) ends before this returns, so the next
  /// frame shows its result, not a loading state.
  @discardableResult
  package func startTask(
    immediately: Bool, _ work: @escaping @MainActor () async -> Void
  ) -> Task<Void, Never> {
    let id = nextTaskID
    nextTaskID += 1
    let ended = TaskEnd()
    let body: @MainActor () async -> Void = { [weak self] in
      await work()
      ended.isEnded = true
      self?.tasks[id] = nil
    }
    let task: Task<Void, Never>
    if immediately {
      task = Task.immediate { @MainActor in await body() }
    } else {
      task = Task { @MainActor in await body() }
    }
    // A task that ended already (immediately, without waiting) is not kept.
    if !ended.isEnded { tasks[id] = task }
    return task
  }

  /// Whether a task's work has ended: set by the task, read by the code
  /// that started it.
  @MainActor private final class TaskEnd {
    var isEnded = false
  }

  /// The page's tasks still running, by the order they started.
  private var tasks: [Int: Task<Void, Never>] = [:]

  /// The tasks still running that this controller and the ones it holds
  /// started with ``startTask(_:)``, in the order they started: what a test
  /// driver waits for.
  package var runningTasks: [Task<Void, Never>] {
    tasks.sorted { $0.key < $1.key }.map(\.value) + children.flatMap(\.runningTasks)
  }
  private var nextTaskID = 0

  /// Cancels every task the page started with ``startTask(_:)`` and every
  /// timer it scheduled with ``schedule(every:_:)``; leaving the screen does
  /// this.
  public func cancelTasks() {
    for task in tasks.values { task.cancel() }
    tasks = [:]
    for token in timerTokens { token.cancel() }
    timerTokens = []
  }

  /// False to make every change instant (`--no-animation`); inherited like ``theme``.
  package var animationsEnabled: Bool {
    get { inheritedTrait(\.animationsEnabled) ?? true }
    set { ownTraits.animationsEnabled = newValue }
  }

  /// What covers the edges of the rectangle the page is drawn in: the tab
  /// bar's rows when it is translucent and draws over the page. The
  /// container sets it before it draws the page. A page may draw under it,
  /// but one that scrolls keeps its selection and its last row clear of it,
  /// as a UIKit scroll view's content inset does.
  public var safeAreaInsets = EdgeInsets.zero

  /// The appearance state, for the lifecycle calls.
  public internal(set) var isVisible = false

  /// Creates a controller with a title (and a tab bar item with that title).
  public init(title: String = "") {
    self.title = title
    self.declaredTitle = title
    self.tabBarItem = TabBarItem(title: title)
  }

  /// The title the controller was created with: the name a deep link's or
  /// a restore's messages give the page, whatever ``title`` shows now
  /// (`Inbox (3)`).
  package let declaredTitle: String

  /// The nearest navigation controller above this one.
  public var navigationController: NavigationController? { nearestAncestor() }

  /// The nearest tab bar controller above this one.
  public var tabBarController: TabBarController? { nearestAncestor() }

  private func nearestAncestor<Ancestor: ViewController>() -> Ancestor? {
    var node = parent
    while let current = node {
      if let match = current as? Ancestor { return match }
      node = current.parent
    }
    return nil
  }

  // MARK: Containment

  /// Makes `child` a child of this container, as UIKit's `addChild(_:)`:
  /// it leaves its old container first, then gets ``willMove(toParent:)``.
  /// The container calls the child's ``didMove(toParent:)`` once the child
  /// is in place (``embed(_:)`` does both). From then on the child inherits
  /// the container's theme, clock and hint, and its redraw requests reach
  /// the screen.
  package func addChild(_ child: ViewController) {
    guard child !== self, child.parent !== self else { return }
    child.removeFromParent()
    child.willMove(toParent: self)
    children.append(child)
    child.parent = self
  }

  /// Takes this controller out of its container, as UIKit's
  /// `removeFromParent()`, then calls ``didMove(toParent:)`` with nil. The
  /// container calls ``willMove(toParent:)`` with nil first (``unembed(_:)``
  /// does both).
  package func removeFromParent() {
    guard let parent else { return }
    formerApplication = application
    // From the end: a navigation stack removes its top pages.
    if let index = parent.children.lastIndex(where: { $0 === self }) {
      parent.children.remove(at: index)
    }
    self.parent = nil
    didMove(toParent: nil)
  }

  /// Adds `child` and tells it that it moved in: `addChild(_:)` then
  /// ``didMove(toParent:)``.
  public func embed(_ child: ViewController) {
    guard child.parent !== self else { return }
    addChild(child)
    child.didMove(toParent: self)
  }

  /// Tells `child` that it is leaving, then removes it:
  /// ``willMove(toParent:)`` with nil, then `removeFromParent()`.
  public func unembed(_ child: ViewController) {
    guard child.parent === self else { return }
    child.willMove(toParent: nil)
    child.removeFromParent()
  }

  /// Called before this controller moves into `parent` (or, with nil, out
  /// of its container). The default does nothing.
  open func willMove(toParent parent: ViewController?) {}

  /// Called after this controller moved into `parent` (or, with nil, out of
  /// its container). The default does nothing.
  open func didMove(toParent parent: ViewController?) {}

  // MARK: Presentation

  /// Presents `page` over everything, the tab bar included, as UIKit's
  /// `present(_:animated:completion:)`; Esc at its root dismisses it. The
  /// request goes up to the container that presents (the tab bar
  /// controller); with none above, nothing happens.
  open func present(_ page: ViewController) { parent?.present(page) }

  /// How a page is presented, as UIKit's `UIModalPresentationStyle`.
  public enum ModalPresentationStyle: Sendable {
    /// The page covers the screen, the tab bar included.
    case fullScreen
    /// The page draws over what is on screen, which stays there (a dialog).
    case overFullScreen
  }

  /// How ``ViewController/present(_:)`` shows this page; full screen unless the page says
  /// otherwise (a dialog draws over the screen).
  open var modalPresentationStyle: ModalPresentationStyle { .fullScreen }

  /// Dismisses the page presented over the app, as UIKit's
  /// `dismiss(animated:completion:)`; a presented page may call it on itself.
  open func dismiss() { parent?.dismiss() }

  // MARK: Lifecycle

  /// Called before the page comes on screen.
  open func viewWillAppear() {}
  /// Called once the page is on screen.
  open func viewDidAppear() {}
  /// Called before the page leaves the screen.
  open func viewWillDisappear() {}
  /// Called once the page has left the screen.
  open func viewDidDisappear() {}

  /// Called when the page has come on screen or left it (``isVisible``
  /// says which; its tasks are cancelled by then), before
  /// ``viewDidAppear()`` or ``viewDidDisappear()``: the library's own work
  /// that must not depend on a subclass calling `super`.
  func screenPresenceDidChange() {}

  /// The children that appear and disappear with this controller (a
  /// container's visible child). Empty for a plain page.
  open var visibleChildren: [ViewController] { [] }

  /// Sends the will-calls to this controller and its visible children.
  final func beginAppearance(_ appearing: Bool) {
    if appearing { viewWillAppear() } else { viewWillDisappear() }
    for child in visibleChildren { child.beginAppearance(appearing) }
  }

  /// Sends the did-calls to this controller and its visible children.
  final func endAppearance(_ appearing: Bool) {
    isVisible = appearing
    if !appearing { cancelTasks() }
    screenPresenceDidChange()
    if appearing { viewDidAppear() } else { viewDidDisappear() }
    for child in visibleChildren { child.endAppearance(appearing) }
  }

  /// Moves the screen from `old` to `new` in UIKit's order, when this
  /// container is on screen: will-disappear, will-appear, did-disappear,
  /// did-appear (UIKit's `beginAppearanceTransition` and
  /// `endAppearanceTransition` on both). Either side may be nil. A
  /// container of one's own calls it when it changes the child it shows,
  /// after embedding the new child and before unembedding the old one; the
  /// old one's tasks and timers are cancelled then.
  public final func transition(from old: ViewController?, to new: ViewController?) {
    beginTransition(from: old, to: new)
    endTransition(from: old, to: new)
  }

  /// The will-calls of ``transition(from:to:)``, at the start of an animation.
  final func beginTransition(from old: ViewController?, to new: ViewController?) {
    guard isVisible else { return }
    old?.beginAppearance(false)
    new?.beginAppearance(true)
  }

  /// The did-calls of ``transition(from:to:)``, once the animation ended.
  final func endTransition(from old: ViewController?, to new: ViewController?) {
    guard isVisible else { return }
    old?.endAppearance(false)
    new?.endAppearance(true)
  }

  // MARK: Drawing and input

  /// The layout pass, once per frame before ``render(in:into:)``, with the
  /// rectangle the controller will be drawn in: the place to update what
  /// depends on the size, keep what input needs, and tell observers, so that
  /// rendering only reads. The default passes the same rectangle to the
  /// visible children; a container that places them elsewhere overrides it.
  open func viewWillLayout(in rect: Rect) {
    for child in visibleChildren { child.viewWillLayout(in: rect) }
  }

  /// Draws the page into `rect` of `buffer`. The default draws nothing.
  open func render(in rect: Rect, into buffer: inout ScreenBuffer) {}

  /// The keys this controller binds now, with their words for the key help
  /// and the hint, as Textual's `BINDINGS`. A key goes first to the focused
  /// page, then to each of its parents: at each, a binding of its own sends
  /// its action to ``ViewController/handle(_:)-(Action)``, and a key it does
  /// not bind (or an action it did not use) goes to
  /// ``ViewController/handle(_:)-(Key)``. Keys no controller
  /// uses go to the app's ``KeyMap`` (quit, help…).
  ///
  /// Computed, so bindings can follow the page's state (declare only the
  /// keys that work now) and its words can change while the app runs (read
  /// them from ``ViewController/interfaceStrings`` or the app's own words). The hint and
  /// `?` show the focused chain's bindings, the deepest winning a key. The
  /// default binds none.
  ///
  /// ```swift
  /// override var keyBindings: [KeyBinding] {
  ///   [KeyBinding([.right, .character("]")], .custom("seek"), help: "Seek 10 s",
  ///               hint: "→ seek")]
  /// }
  /// ```
  open var keyBindings: [KeyBinding] { [] }

  /// The heading this controller's bindings start in the key help; nil (the
  /// default) lists them with the page's keys.
  package var bindingGroupTitle: String? { nil }

  /// Answers an action of one of its ``ViewController/keyBindings``; returns
  /// true when it was used. Unused, the key goes on to
  /// ``ViewController/handle(_:)-(Key)``, then to the parent. The default uses none.
  open func handle(_ action: Action) -> Bool { false }

  /// Answers a key its ``keyBindings`` do not bind (or whose action it did
  /// not use): return true when it was used. Unused, it goes to the parent,
  /// and so on up to the root, then to the app's ``KeyMap``. The default
  /// uses none.
  open func handle(_ key: Key) -> Bool { false }

  /// True for a page that takes typed text while it has focus: printable
  /// keys (`q`, digits, `j`, `+`, `?` included) and pastes reach
  /// ``insertText(_:)``, before any binding; other keys go its way as on any
  /// page, so Esc still goes back and Ctrl-C quits. The tab bar's keys give
  /// way to it for the keys typing uses: printable ones and ←/→.
  open var acceptsText: Bool { false }

  /// Receives typed or pasted text while ``acceptsText`` is true. The
  /// default ignores it.
  open func insertText(_ text: String) {}

  /// The child that has the keyboard focus, among ``visibleChildren``: the
  /// last by default (the page on top). A container with several visible
  /// children returns the one the user is in.
  open var focusedChild: ViewController? { visibleChildren.last }

  /// The page that has the keyboard focus: the end of the chain of
  /// ``focusedChild`` from this controller.
  package var focusedViewController: ViewController {
    var node = self
    while let child = node.focusedChild { node = child }
    return node
  }

  /// True when this page has the keyboard focus in its app: the chain of
  /// ``focusedChild`` from the root ends here, so no dialog, presented page
  /// or other page is in front of it.
  public var hasFocus: Bool {
    var root = self
    while let parent = root.parent { root = parent }
    return root.focusedViewController === self
  }

  /// Shows the terminal's own cursor at `point` of `buffer` once the frame
  /// is drawn: the insertion point of a field this page draws (see
  /// ``TextField/cursorPosition(in:)``). Call it from
  /// ``render(in:into:)``. It only counts while the page ``hasFocus``: under
  /// a dialog, or on a page the user is not in, the cursor stays hidden, and
  /// a frame where no page places it hides it.
  public func placeCursor(at point: Point?, in buffer: inout ScreenBuffer) {
    guard let point, buffer.bounds.contains(point), hasFocus else { return }
    buffer.cursor = point
  }

  /// True when `child` was presented over this container (see
  /// ``present(_:)``). None is, by default.
  func isPresenting(_ child: ViewController) -> Bool { false }

  /// True when this controller was presented over the app and is its
  /// container's presented page (not a page inside one).
  var isPresented: Bool { parent?.isPresenting(self) ?? false }

  /// The status hint drawn in a bar's rule: the running app's for the
  /// frame being laid out (``Application/statusHint``); nil outside an app
  /// or when the terminal is too small for one.
  package var statusHint: StatusHint? { inheritedTrait(\.application)?.statusHint }

  /// Answers a click or wheel turn inside `rect`, the rectangle the page was
  /// last drawn in; returns true when it was used. The default uses none.
  open func handleMouse(_ event: MouseEvent, in rect: Rect) -> Bool { false }

  /// Asks for the screen to be drawn again (after a change made outside input handling).
  public func setNeedsDisplay() {
    if let parent { parent.setNeedsDisplay() } else { displayHandler?() }
  }

  // MARK: State restoration

  /// The name of the page's kind, saved with its state (UIKit's
  /// `restorationIdentifier`): a restore gives a saved state only to a page
  /// with the same name, so a page that now stands where another stood is
  /// not handed a state that is not its own, and says so in the
  /// mismatches. Nil, the default, checks nothing.
  public var restorationIdentifier: String?

  /// Saves what the page shows into `coder`, as UIKit's
  /// `encodeRestorableState(with:)`: a position, a selection. A container
  /// saves each child's state as a child coder. The default saves nothing.
  open func encodeRestorableState(with coder: inout RestorationCoder) {}

  /// Puts back what ``encodeRestorableState(with:)`` saved, as far as it
  /// still fits (the saved file may be old or edited): validate each value
  /// read, and tell ``RestorationCoder/reportMismatch(_:)`` what was
  /// skipped. The default reads nothing.
  open func decodeRestorableState(with coder: RestorationCoder) {}

  /// Opens the child at `position` (from 1, as deep links and the number
  /// keys count) without animation, and returns the controller the next
  /// step of a deep link goes to: a list pushes the page of its row and
  /// returns it, an accordion opens a section and returns its content, a
  /// tab bar controller selects a tab and returns it. The default opens
  /// nothing.
  ///
  /// - Throws: a ``DeepLinkError`` whose reason says what is wrong (its
  ///   step is filled in by ``TabBarController/open(path:completion:)``).
  open func openChild(at position: Int) throws(DeepLinkError) -> ViewController {
    throw DeepLinkError(reason: "“\(declaredTitle)” has nothing to open")
  }

  /// The positions that ``openChild(at:)`` takes to open again the page
  /// this one has open above it (a list: its selected row), each going to
  /// the controller the one before returned; a navigation controller saves
  /// them to reopen its stack. Empty, the default, when it opens nothing.
  open var openChildPositions: [Int] { [] }

  /// This page's state with its restoration identifier, as a container
  /// saves a child.
  func restorationEntry() -> RestorationCoder {
    var state = RestorationCoder()
    encodeRestorableState(with: &state)
    return .entry(id: restorationIdentifier, state: state)
  }

  /// Gives this page the state of `entry` (from ``restorationEntry()``);
  /// false when it is not this page's or the page reported a mismatch, for
  /// the container to go no further.
  @discardableResult
  func restore(from entry: RestorationCoder) -> Bool {
    let before = entry.mismatchCount
    let (saved, state) = entry.entryContents
    guard saved == restorationIdentifier else {
      entry.reportMismatch("“\(declaredTitle)” is not the page saved there")
      return false
    }
    decodeRestorableState(with: state)
    return entry.mismatchCount == before
  }

  // MARK: Waiting for the content

  /// Runs `body` once this controller can open its children and take its
  /// saved state: at once, for most; a list that loads its rows
  /// (``ListViewController``) and has none yet, once a load has brought
  /// them. Work that waited runs before the next frame, outside the
  /// appearance calls that ended the load.
  func whenContentIsReady(_ body: @escaping @MainActor () -> Void) {
    body()
  }

  /// Follows `positions` from this controller, each asked of the controller
  /// the one before opened (``openChild(at:)``), waiting at each for its
  /// content (``whenContentIsReady(_:)``). `completion` gets the last
  /// controller opened, or the failing step's index in `positions` and its
  /// error. After a wait, nothing more happens when `isWanted` says the
  /// path is no longer wanted (a newer link, a changed stack). Each wait is
  /// counted in `log`, so that a restore knows when it has ended.
  func openPath(
    _ positions: ArraySlice<Int>, log: RestorationCoder.Session? = nil,
    isWanted: @escaping @MainActor () -> Bool = { true },
    completion: @escaping @MainActor (Result<ViewController, PathStepError>) -> Void
  ) {
    // A loop while each step's content is ready at once, so that a path of
    // 16,000 steps takes no deeper a call stack than one step does; a step
    // that waits goes on from its own callback, on a fresh call stack.
    var current: ViewController = self
    var rest = positions
    var holdsWait = false
    while let position = rest.first {
      let step = OpenStep()
      if !holdsWait { log?.beginWait() }
      current.whenContentIsReady { [current, rest] in
        // The next waits are counted before this one ends.
        defer { log?.endWait() }
        guard isWanted() else { return }
        let next: ViewController
        do throws(DeepLinkError) {
          next = try current.openChild(at: position)
        } catch {
          return completion(.failure(PathStepError(index: rest.startIndex, error: error)))
        }
        if step.returned {
          next.openPath(rest.dropFirst(), log: log, isWanted: isWanted, completion: completion)
        } else {
          // Counted now, ended by the next step's callback.
          if rest.count > 1 { log?.beginWait() }
          step.next = next
        }
      }
      step.returned = true
      guard let next = step.next else { return }
      current = next
      rest = rest.dropFirst()
      holdsWait = true
    }
    completion(.success(current))
  }

  // MARK: Size changes

  /// Called before the layout pass when the screen's size changed, and
  /// before the first one, as UIKit's `viewWillTransition(to:with:)`: the
  /// place to change what is on screen for the new size (navigation may
  /// happen here, never in the layout pass). The default tells the
  /// children.
  open func viewWillTransition(to size: Size) {
    for child in children { child.viewWillTransition(to: size) }
  }

  // MARK: Description

  /// One line naming this controller, for the tree description.
  package var nodeDescription: String {
    "\(String(describing: type(of: self)))(\"\(title)\")"
  }

  /// The hierarchy below this controller (its ``children``, and theirs),
  /// one indented line per controller; a test can compare a whole
  /// hierarchy in one string.
  package var treeDescription: String {
    var lines: [String] = []
    func walk(_ node: ViewController, _ depth: Int) {
      lines.append(String(repeating: "  ", count: depth) + node.nodeDescription)
      for child in node.children { walk(child, depth + 1) }
    }
    walk(self, 0)
    return lines.joined(separator: "\n")
  }
}

/// Whether a step of ``ViewController/openPath(_:log:isWanted:completion:)``
/// was taken before the call that started it returned, and the controller
/// it opened then.
@MainActor
private final class OpenStep {
  var returned = false
  var next: ViewController?
}
