import FileWriting
import Foundation
import Testing

/// The XDG Base Directory specification: an absolute `XDG_*_HOME` is used, a relative or empty
/// one ignored for the folder under the home folder.
@Suite("User folders")
struct UserFoldersTests {
    let home = URL(fileURLWithPath: UserFolders.home)

    @Test func anAbsoluteXDGFolderIsUsed() {
        #expect(UserFolders.state(environment: ["XDG_STATE_HOME": "/tmp/xdg-state"]).path == "/tmp/xdg-state")
        #expect(UserFolders.cache(environment: ["XDG_CACHE_HOME": "/tmp/xdg-cache"]).path == "/tmp/xdg-cache")
    }

    @Test(arguments: ["relative/state", "", "./state", "~/state"])
    func aRelativeOrEmptyOneIsIgnored(value: String) {
        #expect(UserFolders.state(environment: ["XDG_STATE_HOME": value]) == home.appendingPathComponent(".local/state"))
        #expect(UserFolders.cache(environment: ["XDG_CACHE_HOME": value]) == home.appendingPathComponent(".cache"))
    }
}
