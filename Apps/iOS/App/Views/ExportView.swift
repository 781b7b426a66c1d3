import SwiftUI
import UniformTypeIdentifiers

/// Export to a folder the person picks (iCloud Drive, On My iPhone, any file provider): an encrypted Sesame backup,
/// a KeePass file, or plain CSV. The master password is asked again, even though the vault is unlocked.
struct ExportView: View {
    let model: AppModel
    @State private var format = ExportFormat.sesame
    @State private var masterPassword = ""
    @State private var filePassword = ""
    @State private var repeated = ""
    @State private var picking = false
    @State private var outcome: String?
    @State private var message: String?
    @State private var working = false

    var body: some View {
        Form {
            Picker("Format", selection: $format) {
                ForEach(ExportFormat.allCases, id: \.self) { Text($0.displayName).tag($0) }
            }
            Section {
                SecureField("Master password", text: $masterPassword)
            } footer: {
                Text("Asked again for every export: the file holds every password.")
            }
            if format.isEncrypted {
                Section("The file's own password") {
                    SecureField("Password", text: $filePassword)
                    SecureField("Repeat it", text: $repeated)
                }
            } else {
                Text("Anyone who reads this file reads every password. Import it into the other manager, then delete it.")
                    .foregroundStyle(.red)
            }
            Button("Choose a folder and export…") { picking = true }
                .disabled(working || masterPassword.isEmpty || (format.isEncrypted && (filePassword.isEmpty || filePassword != repeated)))
            if let outcome { Text(outcome) }
            if let message { Text(message).foregroundStyle(.red) }
        }
        .navigationTitle("Export")
        .fileImporter(isPresented: $picking, allowedContentTypes: [.folder]) { result in
            Task { await export(to: result) }
        }
    }

    private func export(to result: Result<URL, any Error>) async {
        working = true
        defer { working = false }
        do {
            let done = try await model.export(format, masterPassword: masterPassword, filePassword: filePassword,
                                              to: try result.get())
            outcome = done.sentence
            message = nil
        } catch {
            message = "\(error)"
        }
        masterPassword = ""
        filePassword = ""
        repeated = ""
    }
}
