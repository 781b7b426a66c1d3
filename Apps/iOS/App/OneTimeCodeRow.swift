import SesameAutoFill
import SwiftUI

/// A login's current one-time code with the seconds it has left, as a ring that empties with them. Shows core values
/// only (see ItemRow.swift); the codes screen in `Views/` ticks it every second.
struct OneTimeCodeRow: View {
    let title: String
    let username: String
    let code: OneTimeCode
    let period: Int

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(title).font(.headline)
                if !username.isEmpty { Text(username).font(.subheadline).foregroundStyle(.secondary) }
                Text(grouped).font(.title2.monospacedDigit()).accessibilityLabel(code.code.map(String.init).joined(separator: " "))
            }
            Spacer()
            ZStack {
                Circle().stroke(.quaternary, lineWidth: 4)
                Circle()
                    .trim(from: 0, to: CGFloat(code.remaining) / CGFloat(max(period, 1)))
                    .stroke(code.remaining <= 5 ? Color.red : Color.accentColor, lineWidth: 4)
                    .rotationEffect(.degrees(-90))
                Text("\(code.remaining)").font(.caption.monospacedDigit())
            }
            .frame(width: 36, height: 36)
            .accessibilityLabel("\(code.remaining) seconds left")
        }
    }

    /// "942 870 82": easier to read out and type than eight digits in a row.
    private var grouped: String {
        var text = ""
        for (index, digit) in code.code.enumerated() {
            if index > 0, index % 3 == 0 { text.append(" ") }
            text.append(digit)
        }
        return text
    }
}
