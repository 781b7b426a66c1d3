import SwiftUI

/// The unlocked app: logins, one-time codes, the audit, sync, and settings (where import, export and the trash are).
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
            SyncView(model: model)
                .tabItem { Label("Sync", systemImage: "arrow.triangle.2.circlepath") }
            SettingsView(model: model)
                .tabItem { Label("Settings", systemImage: "gear") }
        }
    }
}
