import SesameAutoFillApple
import SwiftUI
import UIKit

/// The containing app: create, join or unlock the vault; logins, one-time codes, the audit, sync through a folder
/// in Files, import and export, the trash and settings. Every screen draws `AppModel` and calls it; the identity
/// store follows every change and is reconciled on each unlock.
@main
struct SesameApp: App {
    @StateObject private var model = AppState()
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup {
            RootView(state: model)
                .modifier(CredentialExchangeLaunch(state: model))
                .task { await model.model?.refreshAutoFillStatus() }
        }
        .onChange(of: phase) { _, newPhase in
            // Nothing stays open across a suspension (0xdead10cc): every vault call is short and synchronous, sync
            // rounds stop and the sync folder's presenter goes in the background, and coming back refreshes what
            // the settings screen shows and runs a round.
            switch newPhase {
            case .active:
                Task {
                    await model.model?.enterForeground()
                    await model.model?.refreshAutoFillStatus()
                }
            case .background:
                model.model?.enterBackground()
            default:
                break
            }
        }
    }
}

/// `AppModel` for SwiftUI: republishes its `onChange`.
@MainActor
final class AppState: ObservableObject {
    let model: AppModel?
    let failure: String?
    /// The token of a credential exchange the system launched the app for, until its import screen is closed.
    @Published var exchangeToken: UUID?

    init() {
        do {
            let model = AppModel(environment: try SesameEnvironment.live())
            self.model = model
            failure = nil
            model.onChange = { [weak self] in self?.objectWillChange.send() }
            // A round the person leaves the app during gets the time to finish its vault transactions.
            model.sync.aroundRound = { round in
                let task = UIApplication.shared.beginBackgroundTask(withName: "Sesame sync", expirationHandler: nil)
                await round()
                UIApplication.shared.endBackgroundTask(task)
            }
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
                MainTabView(model: model)
                    .sheet(isPresented: exchangeShown) {
                        if #available(iOS 26.0, *) {
                            if let token = state.exchangeToken {
                                CredentialExchangeImportView(model: model, token: token) { state.exchangeToken = nil }
                            }
                        }
                    }
            } else {
                UnlockAppView(model: model)
            }
        } else {
            Text(state.failure ?? "").padding()
        }
    }

    private var exchangeShown: Binding<Bool> {
        Binding(get: { state.exchangeToken != nil }, set: { if !$0 { state.exchangeToken = nil } })
    }
}
