import SesameAutoFill
import SesameAutoFillApple
import SwiftUI

/// The unlock screen: Face ID / Touch ID first when the person turned it on, else the master password; after a
/// wrong password it says so and how many tries are left.
struct UnlockView: View {
    let prompt: AuthenticationPrompt
    let model: UnlockPrompt
    @State private var password = ""
    @FocusState private var focused: Bool

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    SecureField("Master password", text: $password)
                        .textContentType(.password)
                        .focused($focused)
                        .onSubmit(submit)
                    if prompt.followsFailedAttempt {
                        Text("Wrong password. \(prompt.attemptsLeft) \(prompt.attemptsLeft == 1 ? "try" : "tries") left.")
                            .foregroundStyle(.red)
                    }
                } header: {
                    Text(reason)
                }
                if model.offersBiometry {
                    Button("Unlock with Face ID or Touch ID") { model.useBiometry() }
                }
            }
            .navigationTitle("Unlock Sesame")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { model.cancel() } }
                ToolbarItem(placement: .confirmationAction) { Button("Unlock", action: submit).disabled(password.isEmpty) }
            }
            .onAppear {
                if model.offersBiometry && !prompt.followsFailedAttempt { model.useBiometry() } else { focused = true }
            }
        }
    }

    private var reason: String {
        switch prompt.purpose {
        case .fill: "Unlock to fill this login."
        case .list: "Unlock to choose a login."
        case .configure: "Unlock so your logins appear above the keyboard."
        case .save(let site): "Unlock to save the login for \(site.identifier)."
        case .passkey(let relyingParty): "Unlock to use your passkey for \(relyingParty)."
        }
    }

    private func submit() {
        let typed = password
        password = ""
        model.submit(password: typed)
    }
}
