import SwiftUI

/// Creates the vault on first launch, unlocks it afterwards.
struct UnlockAppView: View {
    let model: AppModel
    @State private var password = ""
    @State private var confirmation = ""
    @State private var message: String?
    @State private var working = false

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    SecureField("Master password", text: $password).textContentType(.password)
                    if !model.vaultExists {
                        SecureField("Repeat it", text: $confirmation).textContentType(.newPassword)
                    }
                } footer: {
                    if let message { Text(message).foregroundStyle(.red) }
                }
                Button(model.vaultExists ? "Unlock" : "Create vault") { Task { await go() } }
                    .disabled(password.isEmpty || working)
                if model.vaultExists, model.biometricKey.isStored {
                    Button("Unlock with Face ID / Touch ID") { Task { await useBiometry() } }
                        .disabled(working)
                }
            }
            .navigationTitle("Sesame")
            // A session still trusted (the auto-lock has not passed) needs no new unlock.
            .task { _ = try? await model.resume() }
        }
    }

    private func useBiometry() async {
        working = true
        defer { working = false }
        do {
            _ = try await model.unlockWithBiometry()
        } catch {
            message = "Face ID / Touch ID no longer opens the vault: unlock with the master password."
        }
    }

    private func go() async {
        working = true
        defer { working = false }
        do {
            if model.vaultExists {
                try await model.unlock(password: password)
            } else {
                guard password == confirmation else {
                    message = "The two passwords differ."
                    return
                }
                try await model.createVault(password: password)
            }
            password = ""
            confirmation = ""
        } catch {
            message = "\(error)"
        }
    }
}
