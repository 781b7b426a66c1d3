import SwiftUI

/// One login's versions from different devices, numbered as `sesame conflicts` numbers them (1 is shown); keeping
/// one publishes it, the others stay in the sync history.
struct ConflictView: View {
    let sync: AppSync
    let conflict: SyncConflictRow
    @Environment(\.dismiss) private var dismiss
    @State private var message: String?

    var body: some View {
        List {
            ForEach(conflict.versions) { version in
                Section("Version \(version.number)\(version.number == 1 ? " (shown)" : "")") {
                    LabeledContent("Title", value: version.title + (version.trashed ? " (trash)" : ""))
                    LabeledContent("User name", value: version.username)
                    LabeledContent("Device", value: version.device)
                    LabeledContent("Changed", value: version.time.formatted(date: .abbreviated, time: .shortened))
                    Button("Keep this version") {
                        Task {
                            do {
                                try await sync.keep(version, of: conflict)
                                dismiss()
                            } catch {
                                message = "\(error)"
                            }
                        }
                    }
                }
            }
            if let message { Text(message).foregroundStyle(.red) }
        }
        .navigationTitle("Conflict")
    }
}
