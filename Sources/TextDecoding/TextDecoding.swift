public enum TextDecodingVersion { public static let engine = 1 }
