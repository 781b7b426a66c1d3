import SesameAutoFill
import SesameAutoFillApple
import SwiftUI

/// The ranked list for the form, best first, with search; a tap fills, Cancel dismisses.
struct CredentialListView: View {
    let list: CredentialList
    @State private var query = ""

    var body: some View {
        NavigationStack {
            List(list.visible, id: \.id) { match in
                Button {
                    list.pick(match.id)
                } label: {
                    VStack(alignment: .leading) {
                        Text(match.title).font(.headline)
                        Text(match.username).font(.subheadline).foregroundStyle(.secondary)
                        Text(match.url).font(.caption).foregroundStyle(.tertiary)
                    }
                }
            }
            .searchable(text: $query, prompt: "Search logins")
            .onChange(of: query) { _, newValue in list.query = newValue }
            .navigationTitle("Sesame")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { list.dismiss() } }
            }
        }
    }
}
