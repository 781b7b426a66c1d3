import SesameAutoFillApple
import SwiftUI

/// The containing app: create or unlock the vault, list and search, add and edit with the generator, settings.
/// Every screen draws `AppModel` and calls it; the identity store follows every change and is reconciled on
/// each unlock.
@main
struct SesameApp: App {
    @StateObject private var model = AppState()
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup {
            RootView(state: model)
                .task { await model.model?.refreshAutoFillStatus() }
        }
        .onChange(of: phase) { _, newPhase in
            // Nothing stays open across a suspension (0xdead10cc): every vault call is short and synchronous,
            // and going to the background refreshes what the settings screen shows when it comes back.
            if newPhase == .active {
                Task {
                    await model.model?.checkSession()
                    await model.model?.refreshAutoFillStatus()
                }
            }
        }
    }
}

/// `AppModel` for SwiftUI: republishes its `onChange`.
@MainActor
final class AppState: ObservableObject {
    let model: AppModel?
    let failure: String?

    init() {
        do {
            let model = AppModel(environment: try SesameEnvironment.live())
            self.model = model
            failure = nil
            model.onChange = { [weak self] in self?.objectWillChange.send() }
        } catch {
            model = nil
            failure = "Sesame's App Group is not set up: \(error)"
        }
    }
}

struct RootView: View {
    @ObservedObject var state: AppState

    var body: some View {
        if let model = state.model {
            if model.isUnlocked {
                VaultListView(model: model)
            } else {
                UnlockAppView(model: model)
            }
        } else {
            Text(state.failure ?? "").padding()
        }
    }
}
