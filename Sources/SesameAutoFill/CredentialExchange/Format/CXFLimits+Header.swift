extension CXFLimits {
    /// Checks a document that came as values rather than bytes (iOS 26's credential exchange hands over Swift
    /// values the system already read) against the same counts a file is read within: accounts, items, credentials
    /// per item, collections and their nesting. Throws one sentence naming the limit, before anything is mapped
    /// onto items or written.
    public func check(_ header: CXFHeader) throws(CXFError) {
        guard header.accounts.count <= accounts else {
            throw CXFError("The credentials sent hold more than \(CXFText.grouped(accounts)) accounts, over Sesame's limit.")
        }
        var itemCount = 0
        var collectionCount = 0
        for account in header.accounts {
            itemCount += account.items.count
            guard itemCount <= items else {
                throw CXFError("The credentials sent hold more than \(CXFText.grouped(items)) items, over Sesame's limit.")
            }
            for (index, item) in account.items.enumerated() where item.credentials.count > credentialsPerItem {
                throw CXFError("Item \(CXFText.grouped(itemCount - account.items.count + index + 1)) of the credentials sent has more than \(credentialsPerItem) credentials, over Sesame's limit.")
            }
            try count(account.collections, level: 1, total: &collectionCount)
        }
    }

    private func count(_ collections: [CXFCollection], level: Int, total: inout Int) throws(CXFError) {
        guard !collections.isEmpty else { return }
        // A collection sits three containers below the header in a file (accounts, account, collections).
        guard level + 3 <= depth else {
            throw CXFError("The credentials sent nest collections more than \(depth - 3) deep, over Sesame's limit.")
        }
        total += collections.count
        guard total <= self.collections else {
            throw CXFError("The credentials sent hold more than \(CXFText.grouped(self.collections)) collections, over Sesame's limit.")
        }
        for collection in collections { try count(collection.subCollections, level: level + 1, total: &total) }
    }
}
