import SesameAutoFill
import SwiftUI

/// The audit: weak, reused and old passwords, by title (never a password), as `sesame audit` reports them.
struct AuditView: View {
    let model: AppModel
    @State private var outcome: AuditOutcome?
    @State private var message: String?
    @State private var running = false

    var body: some View {
        NavigationStack {
            List {
                if let outcome {
                    Section {
                        Text("\(outcome.report.itemsChecked) logins checked: \(outcome.report.problemCount) to look at.")
                    }
                    if outcome.checksStrength {
                        Section("Weak") {
                            ForEach(outcome.report.weak, id: \.item.id) { weak in
                                LabeledContent(weak.item.title, value: weak.reason)
                            }
                        }
                    } else {
                        Section("Weak") {
                            Text("This build has no password-strength estimator: weak passwords are not checked here.")
                        }
                    }
                    Section("Reused on several accounts") {
                        ForEach(Array(outcome.report.reused.enumerated()), id: \.offset) { _, group in
                            Text(group.items.map(\.title).joined(separator: ", "))
                        }
                    }
                    Section("Unchanged for over a year") {
                        ForEach(outcome.report.old, id: \.item.id) { old in
                            LabeledContent(old.item.title, value: old.passwordChanged.formatted(date: .abbreviated, time: .omitted))
                        }
                    }
                    if !outcome.report.sharedCredentialMismatch.isEmpty {
                        Section("One account, different passwords on equivalent sites") {
                            ForEach(Array(outcome.report.sharedCredentialMismatch.enumerated()), id: \.offset) { _, group in
                                Text(group.items.map(\.title).joined(separator: ", "))
                            }
                        }
                    }
                } else if let message {
                    Text(message).foregroundStyle(.red)
                } else {
                    ProgressView("Checking every password…")
                }
            }
            .navigationTitle("Audit")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button("Check again") { Task { await run() } }.disabled(running)
                }
            }
            .task { await run() }
        }
    }

    private func run() async {
        running = true
        defer { running = false }
        do {
            outcome = try await model.audit()
            message = nil
        } catch {
            message = "\(error)"
        }
    }
}
