# PageTurn: `make run` and `make test` set everything up on a fresh Debian machine.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages the build, the tests and the benchmark need.
DEB_PACKAGES := pkg-config libfreetype-dev libfontconfig-dev libuchardet-dev libsdl2-dev zlib1g-dev libicu-dev libharfbuzz-dev \
	fonts-dejavu-core fonts-wqy-microhei fonts-thai-tlwg-ttf fonts-noto-core fonts-noto-cjk libharfbuzz-bin \
	libzip-dev libxml2-dev libsdl2-image-2.0-0 librsvg2-2 libssl3 libhyphen-dev hyphen-en-us hyphen-ru hyphen-el hyphen-de hyphen-fr hyphen-es hyphen-it hyphen-uk hyphen-bn hyphen-hi \
	python3-gi python3-gi-cairo gir1.2-pango-1.0 \
	xvfb xauth librsvg2-bin chromium
# fonts-noto-core and fonts-noto-cjk: the book faces (Noto Serif, each script's Noto serif or
# Naskh face, Noto Serif CJK for Chinese, Japanese and Korean; see Sources/Fonts/BookFaces.swift).
# hyphen-*: Liang's hyphenation patterns for the books' languages; libhyphen-dev: the tests'
# truth for the points found from them.
# libicu-dev: ICU's dictionary line breaks for Thai, Lao, Khmer and Burmese; fonts-thai-tlwg-ttf:
# a Thai font for the tests that lay out and draw Thai.
# libsdl2-image-2.0-0: SDL_image, which decodes a book's pictures (opened with dlopen when a
# page first shows one; see Sources/SDLLoader/include/PictureDecoding.h); librsvg2-2: librsvg,
# which draws their SVG. libssl3: OpenSSL's libcrypto, whose SHA-1 undoes the IDPF's font
# obfuscation (opened with dlopen when a book has an obfuscated font; see
# Sources/EPUB/Container/FontObfuscation.swift).
# librsvg2-bin: rsvg-convert, with which the tests check that the gesture lab's SVG plots render;
# chromium: headless, to screenshot the lab's index.html of its pictures as a browser shows it.
# Xvfb: a virtual X server, for the window test (the OpenGL renderer on Mesa's llvmpipe) and
# the benchmark's window frames.
SAMPLE_BOOK := assets/books/alice-excerpt.txt

.PHONY: setup install-packages build run install test bench fuzz clean

## Where `make install` puts pageturn: $(PREFIX)/bin (default ~/.local/bin, on the PATH of
## most desktop sessions; PREFIX=/usr/local for every user).
PREFIX ?= $(HOME)/.local

## Installs the Debian packages that are missing (needs root, as on CI).
setup:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_PACKAGES)"

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
## one goes on undisturbed.
install: setup
	swift build -c release
	@mkdir -p "$(PREFIX)/bin"
	@install -s -m 755 .build/release/pageturn "$(PREFIX)/bin/.pageturn.new" && mv -f "$(PREFIX)/bin/.pageturn.new" "$(PREFIX)/bin/pageturn"
	@echo "installed $(PREFIX)/bin/pageturn"
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "note: $(PREFIX)/bin is not on your PATH; add it, or run $(PREFIX)/bin/pageturn";; esac

## The tests, then a build of the benchmark package (Benchmarks/), which uses the libraries'
## public API and would otherwise break unseen until the next `make bench`.
test: setup
	swift build --build-tests
	swift test --skip-build --parallel
	swift build --package-path Benchmarks

## Release build; times every corpus book against Pango in the same run, then the gesture
## machine, the reader's frames and the whole process (Benchmarks/, a package of its own;
## BENCH_ARGS passes options, e.g. BENCH_ARGS="--only launch").
bench: setup
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
