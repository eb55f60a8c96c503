public enum PageTurnerVersion { public static let engine = 1 }
