import ReaderTestSupport

/// The sample book and sessions on it (no SDL anywhere in these tests).
typealias Fixture = ReaderFixture
