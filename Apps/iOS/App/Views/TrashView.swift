import SesameAutoFill
import SwiftUI

/// Logins in the trash (moved there here, by a rejected login elsewhere, or by another device): restore them, or
/// delete them for good.
struct TrashView: View {
    let model: AppModel
    @State private var items: [ItemSummary] = []
    @State private var message: String?

    var body: some View {
        List(items) { item in
            ItemRow(item: item)
                .swipeActions(edge: .leading) {
                    Button("Restore") { act { try await model.restore(item.id) } }.tint(.green)
                }
                .swipeActions(edge: .trailing) {
                    Button("Delete", role: .destructive) { act { try await model.deleteForever(item.id) } }
                }
        }
        .overlay {
            if items.isEmpty {
                ContentUnavailableView("The trash is empty", systemImage: "trash", description: message.map { Text($0) })
            }
        }
        .navigationTitle("Trash")
        .task { await load() }
    }

    private func act(_ action: @escaping @MainActor () async throws -> Void) {
        Task {
            do {
                try await action()
            } catch {
                message = "\(error)"
            }
            await load()
        }
    }

    private func load() async {
        do {
            items = try await model.trashedItems()
        } catch {
            message = "\(error)"
        }
    }
}
