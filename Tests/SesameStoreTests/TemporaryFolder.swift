import Foundation

/// A fresh folder per test, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/sesame-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
