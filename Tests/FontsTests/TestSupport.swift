import Foundation
import Pagination
import TestSupport

/// Fonts the tests rely on (Debian packages fonts-dejavu-core and fonts-wqy-microhei).
enum TestFonts {
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let wqyMicroHei = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
}
