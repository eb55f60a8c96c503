import Rendering

extension ReaderRun {
    /// The reader opened as `read` opens it, for `make bench` to time: in a window when there
    /// is a display and SDL opens one, else headless.
    static func forMeasuring(_ request: ReaderLaunch.Request) throws -> ReaderRun {
        var failure: String?
        if SDLRuntime.environmentHasDisplay, let reader = try window(request, failure: &failure) {
            reader.session.resize(to: reader.canvas.logicalSize)
            return reader
        }
        return try headless(request)
    }
}
