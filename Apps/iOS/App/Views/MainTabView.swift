import SwiftUI

/// The unlocked app: logins, one-time codes, the audit, and settings (where import, export and the trash are).
struct MainTabView: View {
    let model: AppModel

    var body: some View {
        TabView {
            VaultListView(model: model)
                .tabItem { Label("Logins", systemImage: "key") }
            OneTimeCodesView(model: model)
                .tabItem { Label("Codes", systemImage: "clock") }
            AuditView(model: model)
                .tabItem { Label("Audit", systemImage: "checkmark.shield") }
            SettingsView(model: model)
                .tabItem { Label("Settings", systemImage: "gear") }
        }
    }
}
