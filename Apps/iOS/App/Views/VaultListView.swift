import SesameAutoFill
import SwiftUI

/// Every login, searchable; add and edit open the editor.
struct VaultListView: View {
    let model: AppModel
    @State private var query = ""
    @State private var editing: ItemSummary?
    @State private var adding = false
    @State private var showingSettings = false

    var body: some View {
        NavigationStack {
            List(model.visibleItems, id: \.id) { item in
                Button {
                    editing = item
                } label: {
                    ItemRow(item: item)
                }
                .swipeActions {
                    Button("Trash", role: .destructive) { Task { try? await model.moveToTrash(item.id) } }
                }
            }
            .searchable(text: $query)
            .onChange(of: query) { _, newValue in model.query = newValue }
            .navigationTitle("Logins")
            .toolbar {
                ToolbarItem(placement: .primaryAction) { Button("Add") { adding = true } }
                ToolbarItem(placement: .navigation) { Button("Settings") { showingSettings = true } }
                ToolbarItem(placement: .bottomBar) {
                    Button("Lock") { Task { await model.lock() } }
                }
            }
            .sheet(isPresented: $adding) { ItemEditorView(model: model, editing: nil) }
            .sheet(item: $editing) { item in ItemEditorView(model: model, editing: item) }
            .sheet(isPresented: $showingSettings) { SettingsView(model: model) }
        }
    }
}
