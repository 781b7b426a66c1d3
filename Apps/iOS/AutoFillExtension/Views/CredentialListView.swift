import SesameAutoFill
import SesameAutoFillApple
import SwiftUI

/// The ranked list for the form, best first, with search; a tap fills, Cancel dismisses. For text insertion
/// (iOS 18) each row shows the fields it can insert instead. A passkey-capable form lists the site's passkeys
/// above the logins; a tap signs in.
struct CredentialListView: View {
    let list: CredentialList
    @State private var query = ""

    var body: some View {
        NavigationStack {
            List {
                if !list.visiblePasskeys.isEmpty {
                    Section("Passkeys") {
                        ForEach(list.visiblePasskeys, id: \.passkey.credentialID) { listing in
                            Button {
                                list.pickPasskey(listing.passkey.credentialID)
                            } label: {
                                VStack(alignment: .leading) {
                                    Text(listing.passkey.userName).font(.headline)
                                    Text(listing.passkey.relyingPartyID).font(.subheadline).foregroundStyle(.secondary)
                                }
                            }
                        }
                    }
                }
                ForEach(list.visible, id: \.id) { match in
                    row(match)
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

    @ViewBuilder
    private func row(_ match: CredentialMatch) -> some View {
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
