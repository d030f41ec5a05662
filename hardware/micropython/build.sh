#!/bin/sh
# Build Nightboard's MicroPython for the Raspberry Pi Pico: MicroPython v1.28.0,
# board RPI_PICO, with a ROMFS partition large enough for every game.
#
#   hardware/micropython/build.sh WORKDIR
#
# WORKDIR is made if missing and holds the sources and the build (about 1 GB).
# Sources are cloned from GitHub unless an environment variable names another
# git repository (a local mirror works): MICROPYTHON_GIT, PICO_SDK_GIT,
# TINYUSB_GIT, MBEDTLS_GIT, MICROPYTHON_LIB_GIT, PICOTOOL_GIT.
# Every dependency is checked out at the exact commit that the v1.28.0 tag pins.
# Needs: git, make, cmake, a host C/C++ compiler, python3, and the Arm
# toolchain (Debian: gcc-arm-none-eabi libnewlib-arm-none-eabi).
# Prints the sha256 of WORKDIR/firmware.uf2 at the end.
set -eu

ROMFS_KB=300        # the ROMFS partition, at the top of the code space (below the filesystem)
STORAGE_KB=1408     # the littlefs filesystem, at the top of the 2 MB flash: as RPI_PICO has it
FLASH_KB=2048
TAG=v1.28.0
TAG_COMMIT=e0e9fbb17ed6fd06bb76e266ae554784c9c80804
BOARD=NIGHTBOARD_PICO

[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
for tool in git make cmake python3 arm-none-eabi-gcc cc c++; do
    command -v "$tool" >/dev/null || { echo "$0: $tool is missing (see the comment at the top)" >&2; exit 1; }
done
mkdir -p "$1"
WORK=$(cd "$1" && pwd)
MP="$WORK/micropython"
GH=https://github.com
: "${MICROPYTHON_GIT:=$GH/micropython/micropython.git}"
: "${PICO_SDK_GIT:=$GH/raspberrypi/pico-sdk.git}"
: "${TINYUSB_GIT:=$GH/hathach/tinyusb.git}"
: "${MBEDTLS_GIT:=$GH/Mbed-TLS/mbedtls.git}"
: "${MICROPYTHON_LIB_GIT:=$GH/micropython/micropython-lib.git}"
: "${PICOTOOL_GIT:=$GH/raspberrypi/picotool.git}"

# git settings for this script only: local mirrors may be cloned as submodules,
# and the SDK's CMake clones picotool from GitHub, which may be redirected.
export GIT_CONFIG_COUNT=2
export GIT_CONFIG_KEY_0=protocol.file.allow GIT_CONFIG_VALUE_0=always
export GIT_CONFIG_KEY_1="url.$PICOTOOL_GIT.insteadOf" GIT_CONFIG_VALUE_1=$GH/raspberrypi/picotool.git

if [ ! -d "$MP/.git" ]; then
    git clone --quiet --no-checkout "$MICROPYTHON_GIT" "$MP"
fi
git -C "$MP" checkout --quiet --force "$TAG_COMMIT"
[ "$(git -C "$MP" rev-parse HEAD)" = "$TAG_COMMIT" ] || { echo "$0: $TAG is not $TAG_COMMIT" >&2; exit 1; }
# The banner's version comes from git describe, which needs the annotated tag.
git -C "$MP" fetch --quiet --force "$MICROPYTHON_GIT" "refs/tags/$TAG:refs/tags/$TAG"

# submodule: path in its parent, where to get it from (the parent pins the commit)
sub() {
    parent=$1 path=$2 url=$3
    name=$(git -C "$parent" config -f .gitmodules --get-regexp '^submodule\..*\.path$' \
           | awk -v p="$path" '$2 == p { sub(/^submodule\./, "", $1); sub(/\.path$/, "", $1); print $1 }')
    git -C "$parent" config "submodule.$name.url" "$url"
    if ! git -C "$parent" submodule --quiet update --init --force "$path" 2>"$WORK/submodule.err"; then
        # A mirror that lacks some blobs (the fetch tool's snapshots leave out a
        # few large files nothing here uses): check out everything else.
        pin=$(git -C "$parent" ls-tree HEAD "$path" | awk '{ print $3 }')
        missing=$(git -C "$parent/$path" ls-tree -r "$pin" | while read -r _ type hash file; do
            [ "$type" = blob ] && ! git -C "$parent/$path" cat-file -e "$hash" 2>/dev/null && printf '!/%s\n' "$file"
        done) || true
        [ -n "$missing" ] || { cat "$WORK/submodule.err" >&2; exit 1; }
        echo "$path: not in its source, left out of the checkout: $(echo "$missing" | tr '\n' ' ')"
        # shellcheck disable=SC2086
        git -C "$parent/$path" sparse-checkout set --no-cone '/*' $missing 2>/dev/null
        # (git still complains about the missing blobs while it writes its index, and succeeds)
        git -C "$parent/$path" checkout --quiet --force "$pin" 2>"$WORK/submodule.err" \
            || { cat "$WORK/submodule.err" >&2; exit 1; }
    fi
    echo "$path $(git -C "$parent/$path" rev-parse HEAD)"
}
sub "$MP" lib/pico-sdk "$PICO_SDK_GIT"
sub "$MP" lib/tinyusb "$TINYUSB_GIT"
sub "$MP" lib/mbedtls "$MBEDTLS_GIT"
sub "$MP" lib/micropython-lib "$MICROPYTHON_LIB_GIT"
sub "$MP/lib/pico-sdk" lib/mbedtls "$MBEDTLS_GIT"   # picotool hashes with the SDK's copy
sub "$MP/lib/pico-sdk" lib/tinyusb "$TINYUSB_GIT"

# The board: RPI_PICO with the partition and the filesystem sized above, kept
# outside the source tree so that the tree stays clean (banner "v1.28.0").
rm -rf "$WORK/$BOARD"
cp -R "$MP/ports/rp2/boards/RPI_PICO" "$WORK/$BOARD"
sed -i.orig '/MICROPY_HW_FLASH_STORAGE_BYTES/d' "$WORK/$BOARD/mpconfigboard.h"
rm "$WORK/$BOARD/mpconfigboard.h.orig"
cat >> "$WORK/$BOARD/mpconfigboard.h" <<HEADER
#define MICROPY_HW_FLASH_STORAGE_BYTES          ($STORAGE_KB * 1024)
#define MICROPY_HW_ROMFS_BYTES                  ($ROMFS_KB * 1024)
HEADER

export SOURCE_DATE_EPOCH="$(git -C "$MP" show -s --format=%ct HEAD)"
JOBS=$(nproc 2>/dev/null || echo 2)
make -C "$MP/mpy-cross" -j"$JOBS" >"$WORK/mpy-cross.log" 2>&1 || { tail -30 "$WORK/mpy-cross.log"; exit 1; }
make -C "$MP/ports/rp2" -j"$JOBS" BOARD_DIR="$WORK/$BOARD" BUILD="$WORK/build" >"$WORK/build.log" 2>&1 \
    || { tail -40 "$WORK/build.log"; exit 1; }

# The linker does not know about the partition: check that the code ends below it.
code_bytes=$(wc -c <"$WORK/build/firmware.bin")
room=$(( (FLASH_KB - STORAGE_KB - ROMFS_KB) * 1024 ))
if [ "$code_bytes" -gt "$room" ]; then
    echo "$0: MicroPython's code is $code_bytes B, the code space below the ROMFS partition $room B" >&2
    exit 1
fi
cp "$WORK/build/firmware.uf2" "$WORK/firmware.uf2"
echo "MicroPython $(git -C "$MP" describe --dirty --always --match 'v[1-9].*'), code $code_bytes of $room B," \
     "ROMFS $ROMFS_KB KB, filesystem $STORAGE_KB KB"
sha256sum "$WORK/firmware.uf2"
