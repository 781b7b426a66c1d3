#if canImport(UIKit)
import Foundation
import UIKit

/// Hears when another process (the file provider bringing in another device's batch, another app) writes in the
/// sync folder, and asks for a round. Registered only while the app is unlocked and in the foreground: Apple asks
/// apps to remove their presenters before they are suspended, and rounds run only then.
///
/// `@unchecked Sendable`: every stored property is immutable and Sendable; the system calls it on its own queue.
final class SyncFolderPresenter: NSObject, NSFilePresenter, @unchecked Sendable {
    let presentedItemURL: URL?
    let presentedItemOperationQueue: OperationQueue
    private let changed: @Sendable () -> Void

    init(folder: URL, changed: @escaping @Sendable () -> Void) {
        presentedItemURL = folder
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Sesame sync folder"
        presentedItemOperationQueue = queue
        self.changed = changed
    }

    func presentedItemDidChange() { changed() }
    func presentedSubitemDidAppear(at url: URL) { changed() }
    func presentedSubitemDidChange(at url: URL) { changed() }

    /// Another device pruned its own batches: nothing to merge, and nothing here to give up first.
    func accommodatePresentedSubitemDeletion(at url: URL, completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        completionHandler(nil)
    }
}
#endif
