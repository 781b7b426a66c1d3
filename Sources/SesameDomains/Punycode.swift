/// Punycode (RFC 3492): the reversible encoding of a Unicode label into the letters, digits and
/// hyphens that DNS carries, as used by IDNA after the "xn--" prefix.
///
/// Written here rather than borrowed from Foundation so that the module needs no Foundation, and
/// so the vault and the matcher can never disagree because two libraries encode differently.
/// Mixed-case annotations (RFC 3492 appendix A) are not produced: IDNA labels are lowercase.
enum Punycode {
    // Bootstring parameters for Punycode, RFC 3492 section 5.
    private static let base: UInt32 = 36
    private static let tMin: UInt32 = 1
    private static let tMax: UInt32 = 26
    private static let skew: UInt32 = 38
    private static let damp: UInt32 = 700
    private static let initialBias: UInt32 = 72
    private static let initialN: UInt32 = 0x80
    private static let delimiter = UInt8(ascii: "-")

    /// Encodes code points, basic ones first, then the deltas; nil only if a counter would overflow
    /// (RFC 3492 section 6.4), which needs inputs far longer than any DNS label.
    static func encode(_ input: [Unicode.Scalar]) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2)
        for scalar in input where scalar.isASCII { output.append(UInt8(scalar.value)) }
        let basicCount = UInt32(output.count)
        if basicCount > 0 { output.append(delimiter) }

        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        var handled = basicCount
        let total = UInt32(input.count)
        while handled < total {
            // The smallest code point not yet handled; one exists because handled < total.
            var next = UInt32.max
            for scalar in input where scalar.value >= n && scalar.value < next { next = scalar.value }
            let (steps, stepsOverflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !stepsOverflow else { return nil }
            let (advanced, advanceOverflow) = delta.addingReportingOverflow(steps)
            guard !advanceOverflow else { return nil }
            delta = advanced
            n = next
            for scalar in input {
                if scalar.value < n {
                    let (incremented, overflow) = delta.addingReportingOverflow(1)
                    guard !overflow else { return nil }
                    delta = incremented
                } else if scalar.value == n {
                    // Emit delta as a generalized variable-length integer.
                    var q = delta
                    var k = base
                    while true {
                        let t = threshold(k, bias: bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            let (incremented, overflow) = delta.addingReportingOverflow(1)
            guard !overflow else { return nil }
            delta = incremented
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes an encoded label (without "xn--"); nil for anything RFC 3492 section 6.2 rejects:
    /// non-basic input, bad digits, overflow, truncated integers, or code points that are basic,
    /// surrogates or beyond U+10FFFF.
    static func decode<Input: BidirectionalCollection<UInt8>>(_ input: Input) -> [Unicode.Scalar]? {
        var output: [Unicode.Scalar] = []
        // Everything before the last delimiter is copied literally, and must be basic.
        var position = input.startIndex
        if let last = input.lastIndex(of: delimiter) {
            for byte in input[input.startIndex..<last] {
                guard byte < 0x80 else { return nil }
                output.append(Unicode.Scalar(byte))
            }
            // The delimiter is consumed only if something came before it.
            if last != input.startIndex { position = input.index(after: last) }
        }

        var n = initialN
        var i: UInt32 = 0
        var bias = initialBias
        while position < input.endIndex {
            let oldI = i
            var weight: UInt32 = 1
            var k = base
            while true {
                guard position < input.endIndex, let value = digitValue(input[position]) else { return nil }
                position = input.index(after: position)
                let (scaled, scaleOverflow) = value.multipliedReportingOverflow(by: weight)
                guard !scaleOverflow else { return nil }
                let (sum, sumOverflow) = i.addingReportingOverflow(scaled)
                guard !sumOverflow else { return nil }
                i = sum
                let t = threshold(k, bias: bias)
                if value < t { break }
                let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow else { return nil }
                weight = nextWeight
                k += base
            }
            let length = UInt32(output.count) + 1
            bias = adapt(delta: i - oldI, count: length, first: oldI == 0)
            let (nextN, nOverflow) = n.addingReportingOverflow(i / length)
            guard !nOverflow else { return nil }
            n = nextN
            i %= length
            guard n >= 0x80, let scalar = Unicode.Scalar(n) else { return nil }
            output.insert(scalar, at: Int(i))
            i += 1
        }
        return output
    }

    // MARK: - Helpers from RFC 3492 sections 6.1 and 5

    private static func threshold(_ k: UInt32, bias: UInt32) -> UInt32 {
        if k <= bias { return tMin }
        if k >= bias + tMax { return tMax }
        return k - bias
    }

    private static func adapt(delta: UInt32, count: UInt32, first: Bool) -> UInt32 {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + ((base - tMin + 1) * delta) / (delta + skew)
    }

    /// 0...25 are "a"..."z", 26...35 are "0"..."9".
    private static func digit(_ value: UInt32) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    /// Digits are case-insensitive when decoding.
    private static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }
}
