import SesameInterchange
import SwiftUI
import UniformTypeIdentifiers

/// Import through the document picker: another manager's export (Chrome/Edge, Firefox, Safari, Bitwarden, 1Password
/// or KeePassXC CSV, Bitwarden's JSON, a KeePass file) or a Sesame backup. The file's format is recognised before
/// any password is asked; the import is one transaction, and its summary is the one `sesame import` prints.
struct ImportView: View {
    let model: AppModel
    @State private var pickingFile = false
    @State private var pickingKeyFile = false
    @State private var pending: PendingImport?
    @State private var password = ""
    @State private var keyFile: URL?
    @State private var lines: [String] = []
    @State private var message: String?
    @State private var working = false

    var body: some View {
        Form {
            Section {
                Button("Choose a file…") { pickingFile = true }.disabled(working)
            } footer: {
                Text("KeePass (KDBX 3.1 and 4), the CSV exports of Chrome/Edge, Firefox, Safari, Bitwarden, 1Password and KeePassXC, Bitwarden's unencrypted JSON, and Sesame backups. A login already here with the same site, user name and password is skipped; one with another password gets the imported one, its old one kept in its history.")
            }
            if let pending {
                Section(pending.fileName) {
                    Text(pending.format.displayName)
                    switch pending.password {
                    case .keePass?:
                        SecureField("The KeePass file's password", text: $password)
                        Button(keyFile.map { "Key file: \($0.lastPathComponent)" } ?? "Add its key file…") { pickingKeyFile = true }
                            // On the button: two pickers on one view do not both present.
                            .fileImporter(isPresented: $pickingKeyFile, allowedContentTypes: [.item]) { result in
                                keyFile = try? result.get()
                            }
                    case .backup?:
                        SecureField("The backup's password", text: $password)
                    case nil:
                        EmptyView()
                    }
                    Button("Import") { Task { await run(pending) } }.disabled(working)
                }
            }
            if !lines.isEmpty { Section("Imported") { OutcomeLines(lines: lines) } }
            if let message { Section { Text(message).foregroundStyle(.red) } }
        }
        .navigationTitle("Import")
        .fileImporter(isPresented: $pickingFile, allowedContentTypes: [.item]) { result in
            Task { await prepare(result) }
        }
    }

    private func prepare(_ result: Result<URL, any Error>) async {
        message = nil
        lines = []
        do {
            pending = try await model.prepareImport(of: try result.get())
            password = ""
            keyFile = nil
        } catch {
            pending = nil
            message = "\(error)"
        }
    }

    private func run(_ file: PendingImport) async {
        working = true
        defer { working = false }
        do {
            lines = try await model.runImport(file, password: password, keyFile: keyFile).lines
            pending = nil
            message = nil
        } catch {
            message = "\(error)"
        }
        password = ""
    }
}
