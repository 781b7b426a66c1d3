import SwiftUI

/// The sentences an import, an export or a sync round ended with, as the CLI prints them: the first one stands
/// out, the rest (rows left out, files refused) follow in smaller type. Shows plain values only (see ItemRow.swift).
struct OutcomeLines: View {
    let lines: [String]

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(Array(lines.enumerated()), id: \.offset) { index, line in
                Text(line).font(index == 0 ? .body : .footnote).foregroundStyle(index == 0 ? .primary : .secondary)
            }
        }
    }
}
