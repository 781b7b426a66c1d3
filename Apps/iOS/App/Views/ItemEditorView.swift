import SesameAutoFill
import SesameStore
import SwiftUI

/// Adds a login or edits one; the generator fills the password field.
struct ItemEditorView: View {
    let model: AppModel
    let editing: ItemSummary?
    @Environment(\.dismiss) private var dismiss
    @State private var title = ""
    @State private var username = ""
    @State private var password = ""
    @State private var url = ""
    @State private var length = Double(PasswordGenerator.defaultLength)
    @State private var symbols = true
    @State private var message: String?

    var body: some View {
        NavigationStack {
            Form {
                TextField("Title", text: $title)
                TextField("User name", text: $username).textContentType(.username).autocorrectionDisabled()
                Section("Password") {
                    TextField("Password", text: $password).font(.body.monospaced()).autocorrectionDisabled()
                    Stepper("Length \(Int(length))", value: $length, in: 8...64)
                    Toggle("Symbols", isOn: $symbols)
                    Button("Generate") { generate() }
                }
                TextField("Website", text: $url).keyboardType(.URL).textInputAutocapitalization(.never)
                if let message { Text(message).foregroundStyle(.red) }
            }
            .navigationTitle(editing == nil ? "New login" : "Edit login")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) { Button("Save") { Task { await save() } } }
            }
            .onAppear {
                if let editing {
                    title = editing.title
                    username = editing.username
                    url = editing.urls.first ?? ""
                } else {
                    generate()
                }
            }
        }
    }

    private func generate() {
        let classes: PasswordGenerator.Classes = symbols ? .all : [.lowercase, .uppercase, .digits]
        password = (try? model.generatePassword(PasswordGenerator(length: Int(length), classes: classes))) ?? ""
    }

    private func save() async {
        do {
            if let editing {
                var change = ItemChange()
                change.title = title
                change.username = username
                if !password.isEmpty { change.password = password }
                change.urls = url.isEmpty ? [] : [ItemURL(url)]
                try await model.update(editing.id, change)
            } else {
                try await model.add(Item(title: title, username: username, password: password,
                                         urls: url.isEmpty ? [] : [ItemURL(url)]))
            }
            dismiss()
        } catch {
            message = "\(error)"
        }
    }
}
