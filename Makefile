# PageTurn: `make run` and `make test` set everything up on a fresh Debian machine.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages, in two lists: RUN_PACKAGES build pageturn and are what it uses as it runs
# (`make build`, `make run` and `make install` install only these); TEST_PACKAGES are used
# only by the tests and the benchmark (`make test` and `make bench` install both lists).
RUN_PACKAGES := pkg-config libfreetype-dev libfontconfig-dev libuchardet-dev libsdl2-dev zlib1g-dev libicu-dev \
	libharfbuzz-dev libzip-dev libxml2-dev libsdl2-image-2.0-0 librsvg2-2 libssl3 \
	fonts-noto-core fonts-noto-cjk fonts-dejavu-core \
	hyphen-en-us hyphen-ru hyphen-el hyphen-de hyphen-fr hyphen-es hyphen-it hyphen-uk hyphen-bn hyphen-hi
# The -dev packages: the headers the build compiles against (FreeType and zlib are linked;
# fontconfig, uchardet, SDL, ICU, HarfBuzz, libzip and libxml2 are opened with dlopen, and
# each -dev package brings the library it opens). pkg-config finds FreeType and zlib.
# libicu-dev: ICU's dictionary line breaks for Thai, Lao, Khmer and Burmese and its bidi.
# fonts-noto-core and fonts-noto-cjk: the book faces (Noto Serif, each script's Noto serif or
# Naskh face, Noto Serif CJK for Chinese, Japanese and Korean; see Sources/Fonts/BookFaces.swift).
# fonts-dejavu-core: DejaVu Serif, the text face where Noto Serif is missing, and the face most
# tests and the font fuzz harness name (fontconfig already depends on it).
# hyphen-*: Liang's hyphenation patterns for the books' languages, read by Pagination.
# libsdl2-image-2.0-0: SDL_image, which decodes a book's pictures (opened with dlopen when a
# page first shows one; see Sources/SDLLoader/include/PictureDecoding.h); librsvg2-2: librsvg,
# which draws their SVG. libssl3: OpenSSL's libcrypto, whose SHA-1 undoes the IDPF's font
# obfuscation (opened with dlopen when a book has an obfuscated font; see
# Sources/EPUB/Container/FontObfuscation.swift).
TEST_PACKAGES := libhyphen-dev libharfbuzz-bin fonts-wqy-microhei fonts-thai-tlwg-ttf \
	python3 python3-gi python3-gi-cairo gir1.2-pango-1.0 \
	xvfb xauth librsvg2-bin chromium desktop-file-utils groff-base xdotool x11-apps x11-utils
# libhyphen-dev: libhyphen, the tests' truth for the hyphenation points found from the
# patterns (Tests/PaginationTests, through Sources/CHyphen, which only the tests import).
# libharfbuzz-bin: hb-shape, the tests' truth for shaping (Tests/FontsTests/HBShape.swift).
# fonts-wqy-microhei and fonts-thai-tlwg-ttf: fixed CJK and Thai faces the tests lay out and
# draw with (the program itself sets those scripts in the Noto faces).
# python3: the tests redraw docs/modules.svg and docs/flows.svg with scripts/ and compare;
# python3-gi, python3-gi-cairo and gir1.2-pango-1.0: Pango from Python, the peer the
# benchmark compares line breaks and timings with (scripts/pango_line_starts.py).
# Xvfb and xauth: a virtual X server, for the window test (the OpenGL renderer on Mesa's
# llvmpipe) and the benchmark's window frames.
# librsvg2-bin: rsvg-convert, with which the tests check that the gesture lab's SVG plots
# render (and scripts/icons.sh draws the PNG icons); chromium: headless, to screenshot the
# lab's index.html of its pictures as a browser shows it.
# xdotool, x11-apps (xwd) and x11-utils (xprop): the shelf's window test clicks as a person would,
# looks at the window and reads its title;
# desktop-file-utils: desktop-file-validate, which the tests run on the desktop entry;
# groff-base: groff, with which the tests check that the man page renders without a warning.
SAMPLE_BOOK := assets/books/alice-excerpt.txt

.PHONY: setup setup-test install-packages build run install install-data uninstall uninstall-data man test bench fuzz clean

## Where `make install` puts pageturn: $(PREFIX)/bin (default ~/.local/bin, on the PATH of
## most desktop sessions; PREFIX=/usr/local for every user), and under $(PREFIX)/share what
## a desktop needs to offer it (`install-data`, below).
PREFIX ?= $(HOME)/.local
SHARE = $(PREFIX)/share
## The man page that `install-data` copies, which `make man` writes from MAN_FROM --help.
MANPAGE ?= .build/man/pageturn.1
MAN_FROM ?= .build/debug/pageturn
## The icons, as their paths under a theme folder (hicolor/48x48/apps/pageturn.png): the
## hand-drawn SVG and the PNG sizes scripts/icons.sh draws from it.
ICONS := $(patsubst packaging/icons/%,%,$(wildcard packaging/icons/hicolor/*/apps/pageturn.*))
BOOKS := $(notdir $(wildcard assets/books/*.txt)) SOURCES.md

## Installs the Debian packages that are missing (needs root, as on CI): what building and
## running pageturn need, and with setup-test also what the tests and the benchmark use.
setup:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(RUN_PACKAGES)"

setup-test:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(RUN_PACKAGES) $(TEST_PACKAGES)"

install-packages:
	@missing=$$(for p in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get install -y -qq $$missing >/dev/null 2>&1 || \
		{ apt-get update -qq && apt-get install -y -qq $$missing; }; \
	fi

build: setup
	swift build

## Opens the reader window on the bundled sample book; with no display, says so on one line
## and writes a few frames of a page turn into a private folder it names instead.
run: build
	.build/debug/pageturn read $(SAMPLE_BOOK)

## A release build of pageturn, stripped of its symbols (a third smaller), copied to
## $(PREFIX)/bin/pageturn: a new file moved over the old one, so a reader running the old
## one goes on undisturbed. Then its man page, generated from the release build's help, and
## the files of `install-data`.
install: setup
	swift build -c release
	@$(MAKE) --no-print-directory man MAN_FROM=.build/release/pageturn
	@mkdir -p "$(PREFIX)/bin"
	@install -s -m 755 .build/release/pageturn "$(PREFIX)/bin/.pageturn.new" && mv -f "$(PREFIX)/bin/.pageturn.new" "$(PREFIX)/bin/pageturn"
	@echo "installed $(PREFIX)/bin/pageturn"
	@$(MAKE) --no-print-directory install-data
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "note: $(PREFIX)/bin is not on your PATH; add it, or run $(PREFIX)/bin/pageturn";; esac

## Copies, with no build: the desktop entry (share/applications/pageturn.desktop, from
## packaging/pageturn.desktop.in), the icons (share/icons/hicolor/…/apps/pageturn.*), the
## sample books (share/pageturn/books, where `pageturn read` with no book finds them) and the
## man page (share/man/man1/pageturn.1, from MANPAGE). The entry's Exec names the installed
## binary by its absolute path rather than plain `pageturn`: a desktop session's PATH often
## lacks ~/.local/bin (until the next login after it is made, or for good when the session
## does not read ~/.profile), and the menu would then start nothing. A path with a space is
## quoted, as the Desktop Entry Specification asks; one with a backslash or % is refused.
install-data:
	@test -s "$(MANPAGE)" || { echo "make: no man page at $(MANPAGE): \`make man\` writes it (\`make install\` does)" >&2; exit 1; }
	@exe="$(PREFIX)/bin/pageturn"; \
	case "$$exe" in \
		*[\\%]*) echo "make: a desktop entry cannot name a PREFIX with a backslash or %: $(PREFIX)" >&2; exit 1;; \
		*[!A-Za-z0-9/._+-]*) exe="\"$$exe\"";; \
	esac; \
	mkdir -p "$(SHARE)/applications" && \
	while IFS= read -r line; do printf '%s\n' "$${line//@PAGETURN@/"$$exe"}"; done \
		< packaging/pageturn.desktop.in > "$(SHARE)/applications/.pageturn.desktop.new" && \
	chmod 644 "$(SHARE)/applications/.pageturn.desktop.new" && \
	mv -f "$(SHARE)/applications/.pageturn.desktop.new" "$(SHARE)/applications/pageturn.desktop"
	@for icon in $(ICONS); do install -D -m 644 "packaging/icons/$$icon" "$(SHARE)/icons/$$icon" || exit 1; done
	@install -D -m 644 -t "$(SHARE)/pageturn/books" $(addprefix assets/books/,$(BOOKS))
	@install -D -m 644 "$(MANPAGE)" "$(SHARE)/man/man1/pageturn.1"
	$(refresh-desktop-caches)
	@echo "installed the desktop entry, icons, sample books and man page under $(SHARE)"

## Removes what `install` put there and nothing else: the files by name, then the folders
## of share/pageturn if they are left empty.
uninstall: uninstall-data
	@rm -f "$(PREFIX)/bin/pageturn"
	@echo "removed $(PREFIX)/bin/pageturn"

uninstall-data:
	@rm -f "$(SHARE)/applications/pageturn.desktop" "$(SHARE)/man/man1/pageturn.1"
	@for icon in $(ICONS); do rm -f "$(SHARE)/icons/$$icon"; done
	@for book in $(BOOKS); do rm -f "$(SHARE)/pageturn/books/$$book"; done
	@rmdir "$(SHARE)/pageturn/books" "$(SHARE)/pageturn" 2>/dev/null || true
	$(refresh-desktop-caches)
	@echo "removed the desktop entry, icons, sample books and man page from $(SHARE)"

## After a change to share/applications and share/icons: the MIME types' cache (which makes
## the file manager offer PageTurn for EPUB and text files) and the icon theme's cache, when
## the tools are installed; the icon cache only where the theme has an index or a cache
## already (a cache made where there was none would hide icons installed later without one).
define refresh-desktop-caches
	@if command -v update-desktop-database >/dev/null && [ -d "$(SHARE)/applications" ]; then \
		update-desktop-database -q "$(SHARE)/applications" || echo "note: update-desktop-database $(SHARE)/applications failed"; \
	fi
	@theme="$(SHARE)/icons/hicolor"; \
	if command -v gtk-update-icon-cache >/dev/null && { [ -e "$$theme/index.theme" ] || [ -e "$$theme/icon-theme.cache" ]; }; then \
		gtk-update-icon-cache -q -f -t "$$theme" || echo "note: gtk-update-icon-cache $$theme failed"; \
	fi
endef

## The man page, from MAN_FROM's help by swift-argument-parser's generate-manual (built in
## debug: about 10 s the first time, then under a second), into MANPAGE; scripts/manpage.sh
## says why not through the package plugin.
man:
	@mkdir -p .build/man
	@swift build --product generate-manual >.build/man/build.log 2>&1 || \
		{ echo "make: no man page: swift-argument-parser's generate-manual did not build (see .build/man/build.log)" >&2; exit 1; }
	@scripts/manpage.sh .build/debug/generate-manual "$(MAN_FROM)" "$(MANPAGE)" 2>.build/man/generate.log || \
		{ echo "make: no man page: it could not be generated from $(MAN_FROM) --help (see .build/man/generate.log)" >&2; exit 1; }

## The tests, then a build of the benchmark package (Benchmarks/), which uses the libraries'
## public API and would otherwise break unseen until the next `make bench`. generate-manual
## is built first for the test that generates the man page (a test cannot run SwiftPM itself
## while `swift test` holds the build folder).
test: setup-test
	swift build --build-tests
	swift build --product generate-manual
	swift test --skip-build --parallel
	swift build --package-path Benchmarks

## Release build; times every corpus book against Pango in the same run, then the gesture
## machine, the reader's frames and the whole process (Benchmarks/, a package of its own;
## BENCH_ARGS passes options, e.g. BENCH_ARGS="--only launch").
bench: setup-test
	swift build -c release
	swift build -c release --package-path Benchmarks
	Benchmarks/.build/release/pageturn-bench --pageturn .build/release/pageturn --corpus ../shared/corpus $(BENCH_ARGS)

## libFuzzer harnesses (Fuzz/, built into .build-fuzz): each runs FUZZ_SECONDS (default 60),
## FUZZ_TARGET picks some (decoder typesetter gesture-script state-file page-cache advance-table
## font-locations gesture-import epub epub-package epub-document epub-cache picture font). Not in CI.
fuzz: setup
	FUZZ_SECONDS="$(FUZZ_SECONDS)" FUZZ_TARGET="$(FUZZ_TARGET)" scripts/fuzz.sh

clean:
	rm -rf .build .build-fuzz Benchmarks/.build
