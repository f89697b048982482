# make install PREFIX=~/.local puts the program, its assets, the man page, a desktop entry, the icon and
# the desktop's thumbnailer entry where the XDG conventions look for them; make uninstall takes them away again, and the folders
# install made (listed in $(SHARE)/cellscape/made-folders) once they are empty. DESTDIR stages an install
# for a package (make deb: scripts/deb), which keeps no list and leaves the desktop's caches to the package's triggers.
PREFIX ?= /usr/local
BIN := $(DESTDIR)$(PREFIX)/bin
SHARE := $(DESTDIR)$(PREFIX)/share
FOLDERS := $(DESTDIR)$(PREFIX) $(BIN) $(SHARE) $(SHARE)/cellscape $(SHARE)/man $(SHARE)/man/man1 $(SHARE)/applications $(SHARE)/pixmaps \
	$(SHARE)/thumbnailers
LIST := $(SHARE)/cellscape/made-folders

# The installed program carries the Swift runtime (--static-swift-stdlib), so it runs where the
# toolchain is not, stripped of its symbols (90 MB to 64). It reuses the run's build (SCRATCH): the
# modules are compiled once, linked again each way (about a minute and a half).
SCRATCH ?= .build
INSTALLABLE := swift build -c release --static-swift-stdlib --scratch-path $(SCRATCH)

.PHONY: build test installable install uninstall deb

build:
	swift build -c release

test:
	swift test -c release --disable-testable-imports

installable:
	$(INSTALLABLE)

install: installable
	@made=""; for folder in $(FOLDERS); do [ -d "$$folder" ] || made="$$folder $$made"; done; \
	install -d $(FOLDERS) && \
	if [ -n "$$made" ] && [ -z "$(DESTDIR)" ]; then for folder in $$made; do echo "$$folder"; done >> $(LIST); fi
	install -m 755 -s "$$($(INSTALLABLE) --show-bin-path)/cellscape" $(BIN)/cellscape
	install -m 644 assets/waterfall-items.json assets/icon.png $(SHARE)/cellscape/
	install -m 644 docs/cellscape.1 $(SHARE)/man/man1/cellscape.1
	install -m 644 assets/cellscape.desktop $(SHARE)/applications/cellscape.desktop
	install -m 644 assets/icon.png $(SHARE)/pixmaps/cellscape.png
	install -m 644 assets/cellscape.thumbnailer $(SHARE)/thumbnailers/cellscape.thumbnailer
	@if [ -z "$(DESTDIR)" ] && command -v update-desktop-database >/dev/null; then \
		update-desktop-database -q $(SHARE)/applications; fi

# cellscape_VERSION_ARCH.deb in the folder OUT (this one by default), from the install's build.
OUT ?= .
deb: installable
	SCRATCH=$(SCRATCH) scripts/deb $(OUT)

uninstall:
	rm -f $(BIN)/cellscape $(SHARE)/man/man1/cellscape.1 $(SHARE)/applications/cellscape.desktop \
		$(SHARE)/pixmaps/cellscape.png $(SHARE)/cellscape/waterfall-items.json $(SHARE)/cellscape/icon.png \
		$(SHARE)/thumbnailers/cellscape.thumbnailer
	@# The MIME cache install made: made again for the entries left, or gone with the last.
	@if ls $(SHARE)/applications/*.desktop >/dev/null 2>&1; then \
		if command -v update-desktop-database >/dev/null; then update-desktop-database -q $(SHARE)/applications; fi; \
	else rm -f $(SHARE)/applications/mimeinfo.cache; fi
	@if [ -f $(LIST) ]; then made="$$(cat $(LIST))"; rm -f $(LIST); \
		for folder in $$made; do rmdir "$$folder" 2>/dev/null || true; done; fi
	@rmdir $(SHARE)/cellscape 2>/dev/null || true
