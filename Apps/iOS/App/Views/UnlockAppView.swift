import SwiftUI
import UniformTypeIdentifiers

/// Creates the vault on first launch, or joins a vault another device syncs through a folder in Files; unlocks it
/// afterwards.
struct UnlockAppView: View {
    let model: AppModel
    @State private var password = ""
    @State private var confirmation = ""
    @State private var message: String?
    @State private var working = false
    @State private var pickingSyncedFolder = false
    @State private var syncedFolder: URL?

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
                if !model.vaultExists {
                    Section {
                        Button(syncedFolder.map { "Join the vault in \($0.lastPathComponent)" } ?? "Join a synced vault…") {
                            if let syncedFolder { Task { await join(syncedFolder) } } else { pickingSyncedFolder = true }
                        }
                        .disabled(working || (syncedFolder != nil && password.isEmpty))
                    } footer: {
                        Text("Sesame on another device syncs through a folder in Files (iCloud Drive, or another provider): pick that folder, then give that vault's master password above.")
                    }
                }
                if model.vaultExists, model.biometricKey.isStored {
                    Button("Unlock with Face ID / Touch ID") { Task { await useBiometry() } }
                        .disabled(working)
                }
            }
            .navigationTitle("Sesame")
            .fileImporter(isPresented: $pickingSyncedFolder, allowedContentTypes: [.folder]) { result in
                syncedFolder = try? result.get()
            }
            // A session still trusted (the auto-lock has not passed) needs no new unlock.
            .task { _ = try? await model.resume() }
        }
    }

    private func join(_ folder: URL) async {
        working = true
        defer { working = false }
        do {
            try await model.joinSyncedVault(in: folder, password: password)
            password = ""
        } catch {
            message = "\(error)"
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
