/// Writes a CXF 1.0 file: the Header with its accounts, compact JSON in UTF-8, binary values base64url without
/// padding, times in whole seconds.
public enum CXFWriter {
    public static func write(_ header: CXFHeader) -> [UInt8] {
        JSONWriter.write(CXFEncoder.header(header))
    }
}
