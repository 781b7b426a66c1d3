import Foundation
import SesameAutoType
import Testing

/// The X11 helper against a real X server (Xvfb), window manager (openbox) and toolkit (Tk): each test starts its
/// own server on a free display and stops it.
@Suite(.enabled(if: X11Session.available, "needs xvfb, openbox, python3-tk, x11-xkb-utils and x11-utils (scripts/packages.txt)"))
struct X11TypingTests {
    static let defaultActions: [AutoTypeAction] = [
        .type("alice"), .press(AutoTypeKeystroke(.tab)), .type(#"Pa$$w0rd!#"@ {x}"#), .press(AutoTypeKeystroke(.enter)),
    ]

    @Test func typesASCIIIntoTheFocusedWindowAndReportsIt() throws {
        let session = try X11Session()
        let form = try session.openLoginForm()
        let helper = try AutoTypeHelperProcess(session: session)
        let (window, outcome, status) = try helper.type(Self.defaultActions)
        #expect(window?.title == "Example Login - example.com")
        #expect(window?.windowClass.lowercased() == "sesametestlogin")
        #expect(outcome == AutoTypeHelperMessage(typed: true))
        #expect(status == 0)
        let received = try form.waitForSubmission()
        #expect(received == LoginForm.Contents(username: "alice", password: #"Pa$$w0rd!#"@ {x}"#, submitted: true, other: ""))
    }
}

extension X11TypingTests {
    @Test func typesCharactersTheUSLayoutLacksThroughASpareKeycode() throws {
        let session = try X11Session()
        let form = try session.openLoginForm()
        let (_, outcome, _) = try AutoTypeHelperProcess(session: session).type([
            .type("Grüße€"), .press(AutoTypeKeystroke(.tab)), .type("ñ~`^ µ"), .press(AutoTypeKeystroke(.enter)),
        ])
        #expect(outcome == AutoTypeHelperMessage(typed: true))
        #expect(try form.waitForSubmission() == LoginForm.Contents(username: "Grüße€", password: "ñ~`^ µ", submitted: true, other: ""))
    }

    /// German: z and y swap, { [ ] } \ @ ~ € need AltGr, and ^ ` ´ are dead keys, which must not swallow the
    /// character after them.
    @Test func typesIntoAGermanLayoutWithDeadKeys() throws {
        let session = try X11Session()
        try session.setLayout("de")
        let form = try session.openLoginForm()
        let (_, outcome, _) = try AutoTypeHelperProcess(session: session).type([
            .type("yz Grüße€ ~`^ {[]}\\@|"), .press(AutoTypeKeystroke(.tab)), .type("^e`a´o é"), .press(AutoTypeKeystroke(.enter)),
        ])
        #expect(outcome == AutoTypeHelperMessage(typed: true))
        #expect(try form.waitForSubmission()
                    == LoginForm.Contents(username: "yz Grüße€ ~`^ {[]}\\@|", password: "^e`a´o é", submitted: true, other: ""))
    }

    /// The form opens a pop-up that takes the focus at the first key: typing stops there, nothing reaches the
    /// pop-up, and the helper says why.
    @Test func aFocusChangeWhileTypingStopsIt() throws {
        let session = try X11Session()
        let form = try session.openLoginForm(stealFocus: true)
        // The form opens its pop-up when it has handled the first key; the pause leaves it time to, even on a
        // loaded machine, so the typer meets the new focus before the rest rather than racing the form's handler.
        let (_, outcome, status) = try AutoTypeHelperProcess(session: session).type([
            .type("a"), .pause(milliseconds: 1500), .type("lice"), .press(AutoTypeKeystroke(.tab)), .type("secret"),
            .press(AutoTypeKeystroke(.enter)),
        ])
        #expect(outcome.error == "The focused window changed, so Auto-Type stopped; nothing more was typed.")
        #expect(status == 1)
        usleep(300_000)
        let received = try form.contents()
        // The pop-up opens while the typer goes on: what was typed before it has the focus stays in the form.
        #expect(!received.username.isEmpty && "alice".hasPrefix(received.username))
        #expect(received.password == "")
        #expect(received.other == "")
        #expect(!received.submitted)
    }

    /// Another program puts a 1x1 window of its own inside the form and focuses it while Auto-Type types: the
    /// top-level window is still the form's, but the keys would go to that program. Typing stops, and it gets none.
    @Test func aForeignWindowFocusedInsideTheTargetStopsTyping() throws {
        let session = try X11Session()
        let form = try session.openLoginForm()
        let helper = try AutoTypeHelperProcess(session: session)
        let window = try #require(try helper.readMessage().window)
        try helper.send(AutoTypeRequest(window: window.id, actions: [
            .type("b"), .pause(milliseconds: 1500), .type("ob"), .press(AutoTypeKeystroke(.tab)), .type("secret"),
            .press(AutoTypeKeystroke(.enter)),
        ]))
        usleep(500_000)
        let attacker = Pipe()
        try session.start(X11Session.python, [X11Session.fixture("xchild.py"), "3"], output: attacker.fileHandleForWriting)
        #expect(attacker.fileHandleForReading.readLine() == "focused")
        #expect(try helper.readMessage().error == "The focused window changed, so Auto-Type stopped; nothing more was typed.")
        #expect(helper.wait() == 1)
        #expect(attacker.fileHandleForReading.readLine(seconds: 10) == "0")
        let received = try form.contents()
        #expect(received.username == "b")
        #expect(received.password == "")
        #expect(!received.submitted)
    }

    @Test func refusesARequestForAnotherWindow() throws {
        let session = try X11Session()
        let form = try session.openLoginForm()
        let helper = try AutoTypeHelperProcess(session: session)
        let window = try #require(try helper.readMessage().window)
        try helper.send(AutoTypeRequest(window: window.id + 1, actions: [.type("alice")]))
        #expect(try helper.readMessage().error == "The request names another window than the focused one; nothing was typed.")
        #expect(helper.wait() == 1)
        #expect(try form.contents().username == "")
    }

    /// Caps Lock would turn every letter round: the helper refuses before typing anything, and says so.
    @Test func capsLockOnStopsItBeforeAnyKey() throws {
        let session = try X11Session()
        let form = try session.openLoginForm()
        try session.tap("Caps_Lock")
        let (_, outcome, status) = try AutoTypeHelperProcess(session: session).type(Self.defaultActions)
        #expect(outcome.error == "Caps Lock is on; turn it off and start Auto-Type again.")
        #expect(status == 1)
        usleep(200_000)
        #expect(try form.contents() == LoginForm.Contents(username: "", password: "", submitted: false, other: ""))
    }

    /// Ctrl still down from the hotkey: typing waits for its release (typed with Ctrl held, the letters would be
    /// the form's shortcuts, not text), then types everything.
    @Test func waitsForModifiersHeldFromTheHotkey() throws {
        let session = try X11Session()
        let form = try session.openLoginForm()
        try session.hold("Control_L", milliseconds: 700)
        let (_, outcome, _) = try AutoTypeHelperProcess(session: session).type(Self.defaultActions)
        #expect(outcome == AutoTypeHelperMessage(typed: true))
        #expect(try form.waitForSubmission()
                    == LoginForm.Contents(username: "alice", password: #"Pa$$w0rd!#"@ {x}"#, submitted: true, other: ""))
    }

    /// A modifier held past the wait (2 s) stops Auto-Type with a message, nothing typed.
    @Test func aModifierHeldTooLongStopsIt() throws {
        let session = try X11Session()
        let form = try session.openLoginForm()
        try session.hold("Shift_L", milliseconds: 4_000)
        let (_, outcome, status) = try AutoTypeHelperProcess(session: session).type(Self.defaultActions)
        #expect(outcome.error == "Modifier keys (Shift, Ctrl, Alt, Super) are still held down; release them and start Auto-Type again.")
        #expect(status == 1)
        #expect(try form.contents() == LoginForm.Contents(username: "", password: "", submitted: false, other: ""))
    }
}
