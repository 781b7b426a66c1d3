import SesameAutoFill
import SwiftUI

/// One login in a list: its title and user name. The app's top-level files are components that show core values
/// and know nothing of `AppModel`; the screens that hold the model live in `Views/` (docs/autofill.md §8).
struct ItemRow: View {
    let item: ItemSummary

    var body: some View {
        VStack(alignment: .leading) {
            Text(item.title).font(.headline)
            Text(item.username).font(.subheadline).foregroundStyle(.secondary)
        }
    }
}

extension ItemSummary: @retroactive Identifiable {}
