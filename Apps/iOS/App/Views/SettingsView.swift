import SesameAutoFillApple
import SwiftUI

/// Import, export and the trash; auto-lock ("stay unlocked for N minutes", read by every extension process), Face
/// ID / Touch ID, the master password, and AutoFill's real state with the way to Settings.
struct SettingsView: View {
    let model: AppModel
    @AppStorage(SesameEnvironment.idleTimeoutMinutesKey, store: Self.appGroupDefaults) private var minutes = 15
    @State private var biometry = false
    @State private var password = ""
    @State private var currentPassword = ""
    @State private var newPassword = ""
    @State private var passwordOutcome: String?

    /// The App Group's defaults, which every extension process reads the auto-lock from. A `static let` rather than
    /// an expression in the attribute: Swift 6.3 compiling that expression to objects fails definite initialization
    /// ("'_minutes' not initialized by init accessor").
    private static let appGroupDefaults = UserDefaults(
        suiteName: Bundle.main.object(forInfoDictionaryKey: "SesameAppGroup") as? String)

    var body: some View {
        NavigationStack {
            Form {
                Section("Logins") {
                    NavigationLink("Trash") { TrashView(model: model) }
                    if #available(iOS 26.0, *) {
                        NavigationLink("Export to another app") { CredentialExchangeExportView(model: model) }
                    }
                }
                Section("Auto-lock") {
                    Picker("Stay unlocked for", selection: $minutes) {
                        ForEach([1, 5, 15, 60, 240], id: \.self) { Text("\($0) min").tag($0) }
                    }
                }
                Section("Face ID / Touch ID") {
                    Toggle("Unlock with biometry", isOn: $biometry)
                        .disabled(!BiometricKey.isAvailable)
                    if biometry != model.biometricKey.isStored {
                        SecureField("Master password to confirm", text: $password)
                        Button("Confirm") {
                            Task { try? await model.setBiometricUnlock(biometry, password: password); password = "" }
                        }
                    }
                }
                Section("Master password") {
                    SecureField("Current master password", text: $currentPassword)
                    SecureField("New master password", text: $newPassword)
                    Button("Change master password") { changeMasterPassword() }
                        .disabled(currentPassword.isEmpty || newPassword.isEmpty)
                    if let passwordOutcome { Text(passwordOutcome).font(.footnote) }
                }
                Section("AutoFill") {
                    Text(status)
                    Button("Open AutoFill settings") { Task { try? await model.openAutoFillSettings() } }
                    if #available(iOS 18.0, *), model.autoFill == .off {
                        Button("Turn on Sesame AutoFill") { Task { await model.requestTurningOnAutoFill() } }
                    }
                }
            }
            .navigationTitle("Settings")
            .task {
                biometry = model.biometricKey.isStored
                await model.refreshAutoFillStatus()
            }
        }
    }

    /// Also rotates the vault key and ends the session in every AutoFill process (`AppModel`).
    private func changeMasterPassword() {
        Task {
            do {
                try await model.changeMasterPassword(current: currentPassword, new: newPassword)
                passwordOutcome = "Changed: the old password no longer opens the vault, here or in AutoFill."
            } catch {
                passwordOutcome = "Not changed: \(error)"
            }
            currentPassword = ""
            newPassword = ""
        }
    }

    private var status: String {
        switch model.autoFill {
        case .off: "Off: turn Sesame on in Settings › General › AutoFill & Passwords."
        case .on: "On: your logins appear above the keyboard."
        case .onAwaitingSync: "On, but setup was cancelled: your logins appear after the next unlock."
        }
    }
}
