import Foundation
import Testing

/// Sign out on Me leads to a signed-out app, in a real terminal: Profile
/// offers Sign in, the plus button asks to sign in first, Me's badge goes;
/// signing in from Profile brings it back.
@Suite("signing out end to end", .serialized, .timeLimit(.minutes(1)))
struct SignOutEndToEndTests {
  @Test("after Sign out, Profile offers Sign in and + asks to sign in; Sign in brings it back")
  func signOutAndBackIn() async throws {
    let tmux = try TmuxSession(arguments: ["--no-animation"])
    defer { tmux.kill() }
    try await tmux.waitFor(text: "Markets rally")
    // Me, the last row (Sign out), Enter, then the dialog's Sign out: Enter
    // is on Cancel, a move right of it.
    try tmux.press("5", "End", "Enter")
    try await tmux.waitFor(text: "Cancel")
    try tmux.press("Right", "Enter")
    // The row reads Sign in, alone on its row (Me's last row, which a
    // toast may cover for a while: the wait outlasts it), beside Me's
    // scroll bar.
    let scrollBar = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "│┃"))
    let signedOut = try await tmux.waitFor("the Sign in row") { screen in
      screen.lines.contains { $0.trimmingCharacters(in: scrollBar) == "Sign in" }
        && screen.row(containing: "Cancel") == nil
    }
    let bar = signedOut.rows.count - 2
    #expect(!signedOut.text(ofRow: bar).contains(/♥[0-9]/), "Me keeps its badge:\n\(signedOut)")

    try tmux.press("+")
    let asked = try await tmux.waitFor(text: "Sign in to post")
    #expect(asked.row(containing: "Posting needs an account") != nil, "\(asked)")
    try tmux.press("Escape")
    try await tmux.waitFor("the dialog closed") { $0.row(containing: "Sign in to post") == nil }

    // Profile, the first row of Me, offers Sign in.
    try tmux.press("Home", "Enter")
    let profile = try await tmux.waitFor(text: "Profile")
    #expect(profile.row(containing: "Sign in") != nil, "\(profile)")
    #expect(profile.row(containing: "Signed in as") == nil)
    try tmux.press("Enter")
    // The badge's count grows on a timer: any count, not a given one.
    try await tmux.waitFor("Me with its badge again") {
      $0.text(ofRow: $0.rows.count - 2).contains(/♥[0-9]/)
    }
    try tmux.press("+")
    try await tmux.waitFor("the form, not the dialog") {
      $0.row(containing: "Sign in to post") == nil && $0.row(containing: "Title") != nil
    }
    try tmux.press("C-c")
    _ = try await tmux.waitForExit()
  }
}
