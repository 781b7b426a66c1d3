import SesameAutoFill
import SesameAutoFillApple
import SwiftUI
import UIKit

/// Hosts the extension's SwiftUI screens. The view controller decides nothing here: the screens draw
/// `UnlockPrompt` and `CredentialList`, whose state the core drives.
extension CredentialProviderViewController {
    func installScreens() {
        let host = UIHostingController(rootView: ExtensionRootView(unlock: unlockPrompt, list: credentialList))
        addChild(host)
        host.view.frame = view.bounds
        host.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(host.view)
        host.didMove(toParent: self)
    }
}

/// Shows the unlock screen while a prompt is pending, the list once the core answered it, the configuration
/// screen otherwise (the only request with neither).
struct ExtensionRootView: View {
    @StateObject private var unlock: Observed<UnlockPrompt>
    @StateObject private var list: Observed<CredentialList>

    init(unlock: UnlockPrompt, list: CredentialList) {
        _unlock = StateObject(wrappedValue: Observed(unlock) { unlock.onChange = $0 })
        _list = StateObject(wrappedValue: Observed(list) { list.onChange = $0 })
    }

    var body: some View {
        if let prompt = unlock.value.current {
            UnlockView(prompt: prompt, model: unlock.value)
        } else if list.value.isShowing {
            CredentialListView(list: list.value)
        } else {
            ConfigurationView()
        }
    }
}

/// Republishes a model's `onChange` callback to SwiftUI.
final class Observed<Model>: ObservableObject {
    let value: Model

    init(_ value: Model, install: (@escaping () -> Void) -> Void) {
        self.value = value
        install { [weak self] in self?.objectWillChange.send() }
    }
}
