import SesameAppModel
import SesameAutoFillApple
import SwiftUI

/// Auto-lock ("stay unlocked for N minutes", read by every extension process), Face ID / Touch ID, and AutoFill's
/// real state with the way to Settings.
struct SettingsView: View {
    let model: AppModel
    @AppStorage(SesameEnvironment.idleTimeoutMinutesKey, store: UserDefaults(suiteName: Bundle.main.object(
        forInfoDictionaryKey: "SesameAppGroup") as? String)) private var minutes = 15
    @State private var biometry = false
    @State private var password = ""

    var body: some View {
        NavigationStack {
            Form {
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

    private var status: String {
        switch model.autoFill {
        case .off: "Off: turn Sesame on in Settings › General › AutoFill & Passwords."
        case .on: "On: your logins appear above the keyboard."
        case .onAwaitingSync: "On, but setup was cancelled: your logins appear after the next unlock."
        }
    }
}
