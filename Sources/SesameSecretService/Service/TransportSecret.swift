/// A secret as the Secret Service's struct `(oayays)` carries it: the session it is encrypted for, the session's
/// parameters (an IV for DH sessions), the value (plain or encrypted bytes) and its content type.
struct TransportSecret {
    var session: String
    var parameters: [UInt8]
    var value: [UInt8]
    var contentType: String
}
