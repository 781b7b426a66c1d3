import SwiftUI

/// Shown while the configuration writes the suggestions (after the person turned Sesame on in Settings).
struct ConfigurationView: View {
    var body: some View {
        VStack(spacing: 16) {
            ProgressView()
            Text("Adding your logins to the suggestions above the keyboard…")
                .multilineTextAlignment(.center)
        }
        .padding()
    }
}
