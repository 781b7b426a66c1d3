import AuthenticationServices
import SesameAutoFill
import SwiftUI
import UIKit

/// iOS 26's credential exchange with another app. Importing: what the other app sent, what will come in and what
/// cannot (by kind and count), then one confirmation writes it. Nothing is written before the confirmation.
@available(iOS 26.0, *)
struct CredentialExchangeImportView: View {
    let model: AppModel
    let token: UUID
    let done: () -> Void
    @State private var pending: CredentialExchangeImport?
    @State private var outcome: String?

    var body: some View {
        NavigationStack {
            Form {
                if let pending {
                    Section("From \(pending.exporter)") {
                        ForEach(pending.incoming.sorted { $0.key < $1.key }, id: \.key) { kind, count in
                            LabeledContent(kind, value: "\(count)")
                        }
                        LabeledContent("new items", value: "\(pending.plan.count(.created))")
                        LabeledContent("items updated", value: "\(pending.plan.count(.updated))")
                        LabeledContent("already in Sesame", value: "\(pending.plan.count(.skipped))")
                    }
                    if !pending.notImported.isEmpty || !pending.rejected.isEmpty {
                        Section("Cannot come in") {
                            ForEach(pending.notImported.sorted { $0.key < $1.key }, id: \.key) { kind, count in
                                LabeledContent(kind, value: "\(count)")
                            }
                            ForEach(pending.rejected, id: \.location) { rejection in
                                Text("\(rejection.location): \(rejection.reason)").font(.footnote)
                            }
                        }
                    }
                    Button("Import") { confirm(pending) }.disabled(outcome != nil)
                } else if outcome == nil {
                    ProgressView("Receiving…")
                }
                if let outcome { Text(outcome) }
            }
            .navigationTitle("Import")
            .toolbar { Button(outcome == nil ? "Cancel" : "Done") { done() } }
            .task { await prepare() }
        }
    }

    private func prepare() async {
        do {
            pending = try await model.prepareCredentialExchangeImport(token: token)
        } catch {
            outcome = "\(error)"
        }
    }

    private func confirm(_ pending: CredentialExchangeImport) {
        Task {
            do {
                let summary = try await model.confirmCredentialExchangeImport(pending)
                outcome = "Imported: \(summary.count(.created)) new, \(summary.count(.updated)) updated, "
                    + "\(summary.count(.skipped)) already there."
            } catch {
                outcome = "Nothing was imported: \(error)"
            }
        }
    }
}

/// Exporting: the master password again, then the system's sheet picks the app that imports.
@available(iOS 26.0, *)
struct CredentialExchangeExportView: View {
    let model: AppModel
    @State private var password = ""
    @State private var outcome: String?

    var body: some View {
        Form {
            Section {
                SecureField("Master password", text: $password)
                Button("Export to another app") { export() }.disabled(password.isEmpty)
            } footer: {
                Text("Sends every login, one-time code, passkey and note to the password manager you pick next.")
            }
            if let outcome { Text(outcome) }
        }
        .navigationTitle("Export to an app")
    }

    private func export() {
        let typed = password
        password = ""
        guard let window = Self.keyWindow else {
            outcome = "Sesame has no window to show the export in."
            return
        }
        Task {
            do {
                let summary = try await model.exportThroughCredentialExchange(
                    masterPassword: typed, manager: ASCredentialExportManager(presentationAnchor: window))
                var text = "Sent \(summary.items) items: \(summary.logins) logins, \(summary.codes) codes, "
                    + "\(summary.passkeys) passkeys."
                for (what, count) in summary.leftOut.sorted(by: { $0.key < $1.key }) {
                    text += "\nLeft out: \(count) \(what)."
                }
                outcome = text
            } catch {
                outcome = "\(error)"
            }
        }
    }

    private static var keyWindow: UIWindow? {
        UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
            .first { $0.isKeyWindow }
    }
}

/// Receives the user activity the system launches an importing app with, and keeps its token until the vault is
/// unlocked (``RootView`` then shows the import).
struct CredentialExchangeLaunch: ViewModifier {
    @ObservedObject var state: AppState

    func body(content: Content) -> some View {
        if #available(iOS 26.0, *) {
            content.onContinueUserActivity(ASCredentialExchangeActivity) { activity in
                state.exchangeToken = AppModel.credentialExchangeToken(
                    activityType: activity.activityType, userInfo: activity.userInfo)
            }
        } else {
            content
        }
    }
}
