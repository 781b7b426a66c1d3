import SwiftUI

/// Every login with a one-time code, its code and countdown ticking each second; a tap copies the code, which the
/// pasteboard keeps on this device only and forgets after a minute.
struct OneTimeCodesView: View {
    let model: AppModel
    @State private var entries: [OneTimeCodeEntry] = []
    @State private var copied: OneTimeCodeEntry.ID?
    @State private var message: String?

    var body: some View {
        NavigationStack {
            TimelineView(.periodic(from: .now, by: 1)) { context in
                List(entries) { entry in
                    Button {
                        model.copyCode(of: entry)
                        copied = entry.id
                    } label: {
                        OneTimeCodeRow(title: entry.title, username: entry.username, code: entry.code(at: context.date),
                                       period: entry.period)
                    }
                    .foregroundStyle(.primary)
                    .badge(copied == entry.id ? Text("Copied") : nil)
                }
            }
            .overlay {
                if entries.isEmpty {
                    ContentUnavailableView(
                        "No one-time codes", systemImage: "clock.badge.checkmark",
                        description: Text(message ?? "Add a code to a login in its editor, or import logins that have one."))
                }
            }
            .navigationTitle("Codes")
            .task { await load() }
            .refreshable { await load() }
        }
    }

    private func load() async {
        do {
            entries = try await model.oneTimeCodes()
        } catch {
            message = "\(error)"
        }
    }
}
