import Foundation
import SesameAutoFill
import SesameBrowserAccess

extension WireRequest {
    /// The browser operations that run on the unlocked vault (`BrowserAccess`). Association requests, which wait
    /// for the user, are served by the connection (`ServerConnection+BrowserPairing`).
    func performBrowser(_ operation: WireOperation, on browser: any BrowserAccess) throws(ServiceFailure) -> WireReply {
        var reply = WireReply(.result, id: id)
        switch operation {
        case .browserLogins:
            reply.browserLogins = try browser.browserLogins(try required(browserQuery, "browserQuery"))
        case .browserSaveLogin:
            reply.view = WireItemView(try browser.saveBrowserLogin(try required(browserLogin, "browserLogin")))
        case .browserOneTimeCode:
            reply.oneTimeCode = try browser.browserOneTimeCode(try required(browserCode, "browserCode"))
        default:
            throw ServiceFailure(.protocolError, "'\(type)' is not a browser operation of the vault.")
        }
        return reply
    }
}
