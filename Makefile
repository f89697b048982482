# make install PREFIX=~/.local puts the program, its assets, the man page, a desktop entry and the icon
# where the XDG conventions look for them; make uninstall takes them away again.
PREFIX ?= /usr/local
BIN := $(PREFIX)/bin
SHARE := $(PREFIX)/share

.PHONY: build test install uninstall

build:
	swift build -c release

test:
	swift test -c release

install: build
	install -d $(BIN) $(SHARE)/cellscape $(SHARE)/man/man1 $(SHARE)/applications $(SHARE)/pixmaps
	install -m 755 "$$(swift build -c release --show-bin-path)/cellscape" $(BIN)/cellscape
	install -m 644 assets/waterfall-items.json assets/icon.png $(SHARE)/cellscape/
	install -m 644 docs/cellscape.1 $(SHARE)/man/man1/cellscape.1
	install -m 644 assets/cellscape.desktop $(SHARE)/applications/cellscape.desktop
	install -m 644 assets/icon.png $(SHARE)/pixmaps/cellscape.png

uninstall:
	rm -f $(BIN)/cellscape $(SHARE)/man/man1/cellscape.1 $(SHARE)/applications/cellscape.desktop \
		$(SHARE)/pixmaps/cellscape.png $(SHARE)/cellscape/waterfall-items.json $(SHARE)/cellscape/icon.png
	-rmdir $(SHARE)/cellscape
