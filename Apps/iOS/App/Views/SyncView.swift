import SesameStore
import SwiftUI
import UniformTypeIdentifiers

/// Sync with the person's other devices through a folder they pick in Files: the state of the last round, what it
/// did in `sesame sync`'s words, the conflicts as `sesame conflicts` shows them, and the master password another
/// device changed to, when one did.
struct SyncView: View {
    let model: AppModel
    @State private var picking = false
    @State private var picked: URL?
    @State private var masterPassword = ""
    @State private var newPassword = ""
    @State private var message: String?
    @State private var working = false

    private var sync: AppSync { model.sync }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Text(statusText)
                    if let folder = sync.folderName { LabeledContent("Folder", value: folder) }
                    if let summary = sync.lastSummary {
                        Text("Merged \(summary.appliedBatches) batch(es) changing \(summary.changedItems) login(s), published \(summary.published.count).")
                            .font(.footnote)
                        ForEach(summary.rejected, id: \.file) { rejection in
                            Text("Refused \(rejection.file): \(rejection.reason)").font(.footnote).foregroundStyle(.red)
                        }
                    }
                } footer: {
                    Text("Any folder in Files works: iCloud Drive, or one of another provider. The folder sees only encrypted, padded files; Sesame on a computer syncs through the same folder ('sesame sync setup folder').")
                }
                if sync.isConfigured {
                    Button("Sync now") { Task { await sync.syncNow() } }
                    Button("Stop syncing on this iPhone", role: .destructive) { sync.forgetFolder() }
                } else {
                    Button("Choose a folder…") { picking = true }
                }
                if let picked {
                    Section("Turn on sync in \(picked.lastPathComponent)") {
                        SecureField("Master password", text: $masterPassword)
                        Button("Turn on sync") { Task { await setUp(picked) } }.disabled(masterPassword.isEmpty || working)
                    }
                }
                if case .needsNewPassword = sync.status {
                    Section("The master password was changed on another device") {
                        SecureField("The new master password", text: $newPassword)
                        Button("Take it in") { Task { await takeInNewPassword() } }.disabled(newPassword.isEmpty || working)
                    }
                }
                if !sync.conflicts.isEmpty {
                    Section("Edited on two devices at once") {
                        ForEach(sync.conflicts) { conflict in
                            NavigationLink(conflict.versions.first?.title ?? "Login") {
                                ConflictView(sync: sync, conflict: conflict)
                            }
                        }
                    }
                }
                if let message { Text(message).foregroundStyle(.red) }
            }
            .navigationTitle("Sync")
            .fileImporter(isPresented: $picking, allowedContentTypes: [.folder]) { result in
                picked = try? result.get()
            }
        }
    }

    private var statusText: String {
        switch sync.status {
        case .off: "Off: this vault stays on this iPhone."
        case .idle(let last?): "Up to date (last sync \(last.formatted(date: .omitted, time: .shortened)))."
        case .idle(nil): "Waiting for the first sync."
        case .syncing: "Syncing…"
        case .failed(let reason): "The last sync failed: \(reason) Nothing is lost; the next one retries."
        case .needsNewPassword: "Waiting for the master password set on another device; this iPhone publishes nothing until then."
        }
    }

    private func setUp(_ folder: URL) async {
        working = true
        defer { working = false }
        do {
            try await model.setUpSync(in: folder, masterPassword: masterPassword)
            picked = nil
            message = nil
        } catch {
            message = "\(error)"
        }
        masterPassword = ""
    }

    private func takeInNewPassword() async {
        working = true
        defer { working = false }
        do {
            try await sync.takeInNewPassword(newPassword)
            message = nil
        } catch {
            message = "\(error)"
        }
        newPassword = ""
    }
}
