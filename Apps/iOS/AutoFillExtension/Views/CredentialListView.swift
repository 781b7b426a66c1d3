import SesameAutoFill
import SesameAutoFillApple
import SwiftUI

/// The ranked list for the form, best first, with search; a tap fills, Cancel dismisses. For text insertion
/// (iOS 18) each row shows the fields it can insert instead.
struct CredentialListView: View {
    let list: CredentialList
    @State private var query = ""

    var body: some View {
        NavigationStack {
            List(list.visible, id: \.id) { match in
                if list.insertsText {
                    VStack(alignment: .leading) {
                        label(match)
                        HStack {
                            ForEach(list.fields(of: match), id: \.self) { field in
                                Button(title(of: field)) { list.pick(match.id, field: field) }
                                    .buttonStyle(.bordered)
                            }
                        }
                    }
                } else {
                    Button {
                        list.pick(match.id)
                    } label: {
                        label(match)
                    }
                }
            }
            .searchable(text: $query, prompt: "Search logins")
            .onChange(of: query) { _, newValue in list.query = newValue }
            .navigationTitle(list.insertsText ? "Insert from Sesame" : "Sesame")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { list.dismiss() } }
            }
        }
    }

    private func label(_ match: CredentialMatch) -> some View {
        VStack(alignment: .leading) {
            Text(match.title).font(.headline)
            Text(match.username).font(.subheadline).foregroundStyle(.secondary)
            Text(match.url).font(.caption).foregroundStyle(.tertiary)
        }
    }

    private func title(of field: InsertableField) -> String {
        switch field {
        case .username: "User name"
        case .password: "Password"
        case .oneTimeCode: "Code"
        }
    }
}
