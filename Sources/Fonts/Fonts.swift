import CFreeType
import CFontconfig
import Pagination
public enum FontsVersion { public static let engine = 1 }
