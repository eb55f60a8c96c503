import Foundation

/// The first start on a new machine: `pageturn read` on War and Peace with no caches of its
/// own at all (a fresh `XDG_CACHE_HOME`, page cache and state: no advance tables, no font
/// locations, no pages; fontconfig's system cache is the machine's), timed from `posix_spawn`
/// to its first frame as `FrameBenchmark.firstFrame` times a launch, against a bare SDL
/// window's first frame: a C program built here with `cc` that opens SDL with dlopen, as the
/// reader does, and shows one filled window surface. Target: ≤ 1.5× the bare window.
enum FirstStartBenchmark {
    /// The bare window: SDL with dlopen, a window of the reader's size, its surface filled
    /// and shown, "first frame shown" on standard error, then waiting for SIGTERM.
    static let bareWindowSource = """
        #include <dlfcn.h>
        #include <stdio.h>
        #include <unistd.h>
        int main(int argc, char **argv) {
            void *sdl = dlopen("libSDL2-2.0.so.0", RTLD_NOW);
            if (!sdl) { fprintf(stderr, "no libSDL2-2.0.so.0\\n"); return 1; }
            int (*init)(unsigned) = (int (*)(unsigned))dlsym(sdl, "SDL_Init");
            void *(*create)(const char *, int, int, int, int, unsigned) =
                (void *(*)(const char *, int, int, int, int, unsigned))dlsym(sdl, "SDL_CreateWindow");
            void *(*surface)(void *) = (void *(*)(void *))dlsym(sdl, "SDL_GetWindowSurface");
            int (*fill)(void *, const void *, unsigned) = (int (*)(void *, const void *, unsigned))dlsym(sdl, "SDL_FillRect");
            int (*update)(void *) = (int (*)(void *))dlsym(sdl, "SDL_UpdateWindowSurface");
            if (!init || !create || !surface || !fill || !update || init(0x20) != 0) { fprintf(stderr, "SDL_Init failed\\n"); return 1; }
            void *window = create("bare", 0x1FFF0000, 0x1FFF0000, 800, 1000, 0x4);
            void *s = window ? surface(window) : 0;
            if (!s) { fprintf(stderr, "no window\\n"); return 1; }
            fill(s, 0, 0xFFF8F6F0);
            update(window);
            fprintf(stderr, "first frame shown\\n");
            fflush(stderr);
            pause();
            return 0;
        }
        """

    static func run(pageturn: String, display: String?, runs: Int = 5) -> [String] {
        guard let display else { return ["  first start: not measured (no display: apt-get install xvfb)"] }
        guard let book = FrameBenchmark.warAndPeace else { return ["  first start: not measured (no War and Peace)"] }
        guard let folder = try? BenchScratch.folder() else { return ["  first start: not measured (no scratch folder)"] }
        defer { try? FileManager.default.removeItem(at: folder) }
        let bare = folder.appendingPathComponent("bare-window")
        do {
            try bareWindowSource.write(to: folder.appendingPathComponent("bare-window.c"), atomically: true, encoding: .utf8)
        } catch {
            return ["  first start: not measured (\(error))"]
        }
        let (built, _) = FrameBenchmark.child("/usr/bin/cc", ["-O2", "-o", bare.path, folder.appendingPathComponent("bare-window.c").path, "-ldl"],
                                              environment: [:])
        guard FileManager.default.isExecutableFile(atPath: bare.path) else {
            return ["  first start: not measured (cc could not build the bare window: \(built.prefix(200)))"]
        }
        var window: [Double] = [], reader: [Double] = []
        for k in 0..<runs {
            let (_, bareMs) = FrameBenchmark.child(bare.path, [], environment: ["DISPLAY": display], until: "first frame shown") {
                $0.terminate()
            }
            let fresh = folder.appendingPathComponent("start-\(k)")
            let (output, ms) = FrameBenchmark.child(
                pageturn, ["read", book, "--width", "800", "--height", "1000", "--state-dir", fresh.appendingPathComponent("state").path,
                           "--cache-dir", fresh.appendingPathComponent("pages").path],
                environment: ["DISPLAY": display, "PAGETURN_TRACE": "1", "XDG_CACHE_HOME": fresh.appendingPathComponent("cache").path],
                until: "first frame shown") { $0.terminate() }
            guard let bareMs else { return ["  first start: not measured (the bare SDL window showed no frame)"] }
            guard let ms else { return ["  first start: not measured (\(output.prefix(200)))"] }
            window.append(bareMs)
            reader.append(ms)
        }
        let w = FrameBenchmark.median(window), r = FrameBenchmark.median(reader)
        return ["  first start ever (no caches), War and Peace's first page, to its first frame: median \(String(format: "%.0f", r)) ms "
                + "of \(runs); a bare SDL window's first frame \(String(format: "%.0f", w)) ms: "
                + String(format: "%.2f× (target ≤ 1.5×) ", r / max(w, 1)) + FrameBenchmark.verdict(r <= 1.5 * w)]
    }
}
