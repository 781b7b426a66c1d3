extension BinaryInteger {
    /// "1 batch", "2 batches": counts in messages read as English, never "batch(es)". `plural` defaults to the
    /// singular with an "s".
    public func counted(_ singular: String, _ plural: String? = nil) -> String {
        "\(self) \(self == 1 ? singular : plural ?? singular + "s")"
    }
}
