import Foundation
import SesameDomains

/// The public suffix list as the Linux shell finds it ($SESAME_PUBLIC_SUFFIX_LIST, else Debian's), handed to every
/// vault the tests open.
let testPublicSuffixList: PublicSuffixList = {
    let environment = ProcessInfo.processInfo.environment["SESAME_PUBLIC_SUFFIX_LIST"] ?? ""
    let path = environment.isEmpty ? "/usr/share/publicsuffix/public_suffix_list.dat" : environment
    return PublicSuffixList(utf8: Array(FileManager.default.contents(atPath: path) ?? Data()))
}()
