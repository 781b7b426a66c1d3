#if canImport(CX11)
import CX11
import Glibc
import SesameAutoType

/// Types actions into one window through XTest, and stops the moment another window has the focus: nothing is
/// typed anywhere but the window that was matched.
final class KeyboardTyper {
    /// Between keystrokes unless the sequence says otherwise (`{DELAY=n}`): slow enough for toolkits that read
    /// keys on a busy event loop, quick enough for a password of 30 characters to take well under a second.
    static let defaultKeyDelayMilliseconds = 15
    /// How long modifiers still held from the hotkey (Ctrl+Alt+A) may take to be released.
    static let modifierReleaseWait = 2_000
    /// Shift, Control, Mod1 (Alt), Mod4 (Super), Mod5 (AltGr): keys a person holds. Lock and Mod2 (NumLock) are
    /// states, not keys held.
    static let heldModifierMask = UInt32(ShiftMask | ControlMask | Mod1Mask | Mod4Mask | Mod5Mask)

    /// How long the focus may rest on no window (a window manager between two states, moving or reframing the
    /// window) before that counts as a change. Nothing is typed meanwhile: keys would go nowhere, or under the pointer.
    static let focusGapWait = 500

    private let display: XDisplay
    private let target: Window
    /// The window that had the keyboard focus when typing began, inside `target`. Keys go to the focused window
    /// itself, so that is the one checked: another program may put a window inside the target and focus it.
    private let focusAtStart: Window
    private let layout: KeyboardLayout
    private var keyDelay = defaultKeyDelayMilliseconds
    /// Keys this typer holds down right now, released on every way out.
    private var held: [KeyCode] = []

    init(display: XDisplay, target: Window) throws(AutoTypeFailure) {
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display.handle, &event, &error, &major, &minor) != 0 else {
            throw AutoTypeFailure("The X server has no XTEST extension, which Auto-Type needs to type.")
        }
        self.display = display
        self.target = target
        guard let focus = display.focusedWindow(), WindowIdentity.topLevel(of: focus, on: display) == target else {
            throw Self.focusChanged
        }
        focusAtStart = focus
        try Self.waitForModifierRelease(on: display)
        layout = try KeyboardLayout(display: display)
    }

    deinit {
        releaseHeldKeys()
        layout.restoreLentKeycodes()
    }

    /// Waits for the person to let go of the hotkey's modifiers; Caps Lock would turn every letter round, so it
    /// stops Auto-Type with a message instead.
    private static func waitForModifierRelease(on display: XDisplay) throws(AutoTypeFailure) {
        var waited = 0
        while true {
            var state = XkbStateRec()
            XkbGetState(display.handle, UInt32(XkbUseCoreKbd), &state)
            if UInt32(state.locked_mods) & UInt32(LockMask) != 0 {
                throw AutoTypeFailure("Caps Lock is on; turn it off and start Auto-Type again.")
            }
            if UInt32(state.mods) & heldModifierMask == 0 { return }
            guard waited < modifierReleaseWait else {
                throw AutoTypeFailure("Modifier keys (Shift, Ctrl, Alt, Super) are still held down; release them and start Auto-Type again.")
            }
            usleep(50_000)
            waited += 50
        }
    }

    /// Types `actions`; the keycodes lent meanwhile are given back by `finish()` (or when the typer goes), so the
    /// outcome can be reported while clients still read the last keys.
    func run(_ actions: [AutoTypeAction]) throws(AutoTypeFailure) {
        defer { releaseHeldKeys() }
        try checkFocus()
        for action in actions {
            switch action {
            case .type(let text):
                for character in text {
                    for keysym in Keysym.forCharacter(character) {
                        try press(keysym: keysym, modifiers: 0)
                    }
                }
            case .press(let keystroke):
                let modifiers = Self.mask(for: keystroke.modifiers)
                switch keystroke.key {
                case .named(let key):
                    try press(keysym: Keysym.forKey(key), modifiers: modifiers)
                case .character(let character):
                    for keysym in Keysym.forCharacter(character) { try press(keysym: keysym, modifiers: modifiers) }
                }
            case .pause(let milliseconds):
                XSync(display.handle, 0)
                usleep(UInt32(milliseconds) * 1000)
            case .keyDelay(let milliseconds):
                keyDelay = milliseconds
            }
        }
        XSync(display.handle, 0)
    }

    /// Gives back the keycodes lent for characters the layout lacks, once clients have had time to read them.
    func finish() {
        layout.restoreLentKeycodes()
    }

    private static func mask(for modifiers: AutoTypeModifiers) -> UInt32 {
        var mask: UInt32 = 0
        if modifiers.contains(.shift) { mask |= UInt32(ShiftMask) }
        if modifiers.contains(.control) { mask |= UInt32(ControlMask) }
        if modifiers.contains(.alt) { mask |= UInt32(Mod1Mask) }
        if modifiers.contains(.superKey) { mask |= UInt32(Mod4Mask) }
        return mask
    }

    private func press(keysym: KeySym, modifiers: UInt32) throws(AutoTypeFailure) {
        try checkFocus()
        let position = try layout.position(of: keysym)
        // Checked again: lending a keycode waits for clients, and the focus may have moved meanwhile.
        try checkFocus()
        guard let modifierKeys = layout.modifierKeycodes(for: position.modifiers | modifiers) else {
            throw AutoTypeFailure("The keyboard map has no key for a modifier this character needs.")
        }
        for keycode in modifierKeys { keyEvent(keycode, down: true) }
        keyEvent(position.keycode, down: true)
        keyEvent(position.keycode, down: false)
        for keycode in modifierKeys.reversed() { keyEvent(keycode, down: false) }
        XSync(display.handle, 0)
        if keyDelay > 0 { usleep(UInt32(keyDelay) * 1000) }
    }

    private func keyEvent(_ keycode: KeyCode, down: Bool) {
        XTestFakeKeyEvent(display.handle, UInt32(keycode), down ? 1 : 0, 0)
        if down { held.append(keycode) } else { held.removeAll { $0 == keycode } }
    }

    private func releaseHeldKeys() {
        for keycode in held.reversed() { XTestFakeKeyEvent(display.handle, UInt32(keycode), 0, 0) }
        held.removeAll()
        XSync(display.handle, 0)
    }

    static let focusChanged = AutoTypeFailure("The focused window changed, so Auto-Type stopped; nothing more was typed.")

    /// Keys may go on only to the window focused at the start, or to another window of the same application inside
    /// the same top-level (toolkits that focus a subwindow per field). A window of another client, even one inside
    /// the target, stops typing at once; a moment of no focus is waited out without typing.
    private func checkFocus() throws(AutoTypeFailure) {
        var waited = 0
        while true {
            if let focus = display.focusedWindow() {
                if focus == focusAtStart { return }
                guard display.sameClient(focus, focusAtStart), WindowIdentity.topLevel(of: focus, on: display) == target else {
                    throw Self.focusChanged
                }
                return
            }
            guard waited < Self.focusGapWait else { throw Self.focusChanged }
            usleep(10_000)
            waited += 10
        }
    }
}
#endif
