"""What to do to a board (sync): read what it holds (board/probe.py), then write only what changed into the slot
that is not running (its manifest removed first, written last), the profile, its check and the loader, each
through a temporary file and a rename (atomic_write), so that a cut at any moment leaves a board that starts.

An interrupted flash leaves the loader on the old, complete slot, and the next flash finds the half-written one
without a manifest, hashes what is really there and sends only what is missing or wrong. Files the new slot takes
from the running one are copied on the board, not sent again.
"""

import hashlib
import json
from pathlib import Path

from nightboard_host.flashing.errors import FlashError
from nightboard_host.flashing.layout import (CHECKED, LEGACY, LOADER, LOADER_SLOT, LOADER_TEXT, MANIFEST, PROFILE,
                                             SLOTS, TMP, manifest_text, parse_manifest)
from nightboard_host.flashing.programs import program


def probe_state(out):
    """The board's answer to board/probe.py, assembled: {"root", "trees", "texts", "hashes", "free"}; None if
    cut short."""
    r = {"root": [], "trees": {}, "texts": {}, "hashes": {}, "free": None}
    for line in out.splitlines():
        line = line.strip()
        if not line.startswith("["):
            continue
        try:
            item = json.loads(line)
        except ValueError:
            continue
        kind = item[0] if item else None
        if kind == "root":
            r["root"] = item[1]
        elif kind == "tree":
            tree = r["trees"].setdefault(item[1], [])
            if item[2] is not None:
                tree.append([item[2], item[3]])
        elif kind == "text":
            r["texts"][item[1]] = r["texts"].get(item[1], "") + item[2]
        elif kind == "hash":
            r["hashes"][item[1]] = item[2]
        elif kind == "free":
            r["free"] = item[1]
        elif kind == "end":
            return r
    return None



class SlotState:
    """What one slot holds: {slot path: size} from the listing, and {slot path: sha256} when known."""

    def __init__(self, slot, tree, manifest_text):
        self.slot = slot
        self.exists = tree is not None
        self.sizes = {}
        self.dirs = []
        for path, size in tree or ():
            rel = path[len(slot) + 1:]
            if size < 0:
                self.dirs.append(rel)
            else:
                self.sizes[rel] = size
        self.manifest = parse_manifest(manifest_text)
        self.hashes = None
        if self.manifest is not None:
            files = self.manifest["files"]
            if all(rel in self.sizes and self.sizes[rel] == files[rel][1] for rel in files):
                self.hashes = {rel: files[rel][0] for rel in files}  # trusted: sizes agree

    def files(self):
        return sorted(r for r in self.sizes if r != MANIFEST)



def sha(data):
    return hashlib.sha256(data).hexdigest()


def sync(board, info, version, files, prof_bytes, result, progress, hook, verify, romfs=False, check=None,
         image_size=None):
    """Bring the board to `files` ({slot path: bytes}) of firmware `version` and the profile `prof_bytes`, noting
    what was done in `result` (--romfs: flashing/romfs.py does it). check(manifest, have): profile_check for the
    slot's manifest (bytes) and the board's check (bytes or None), or None to leave the board's check alone.
    image_size(games): the ROMFS image of only those games, for --romfs's advice when the code does not fit."""
    mpy = "%d.%d" % (info.mpy_major, info.mpy_sub)
    texts = [LOADER] + [s + "/" + MANIFEST for s in SLOTS] + [CHECKED]
    what = "reading its files"
    out = board.run(program("probe", DIRS=list(SLOTS) + [LEGACY], TEXTS=texts, HASHES=[PROFILE]), what)
    state = probe_state(out.decode("utf-8", "replace"))
    if state is None:
        raise FlashError("the board's answer while %s was cut short: %r" % (what, out[-200:]))
    prof_hash = state["hashes"][PROFILE]
    loader = state["texts"].get(LOADER) or ""
    m = LOADER_SLOT.search(loader)
    active = m.group(1) if m else None
    slots = {s: SlotState(s, state["trees"].get(s), state["texts"].get(s + "/" + MANIFEST)) for s in SLOTS}
    want = {rel: sha(files[rel]) for rel in files}
    man = manifest_text(version, mpy, files).encode()

    def hashes(slot):
        st = slots[slot]
        if st.hashes is None or (verify and slot == active and slot not in result.hashed):
            paths = [slot + "/" + r for r in st.files()]
            got = board.hash_files(paths, "checking the files in %s" % slot)
            st.hashes = {p[len(slot) + 1:]: h for p, h in got.items() if h}
            result.hashed.append(slot)
        return st.hashes

    def complete(slot):
        st = slots[slot]
        h = hashes(slot)
        return (st.manifest is not None and st.files() == sorted(want)
                and all(h.get(r) == want[r] for r in want) and st.manifest.get("mpy") == mpy)

    have = state["texts"].get(CHECKED)

    def check_for(key):
        """(the check the board should hold for this key's bytes, whether it holds it already): worked out before
        anything is written, so a profile the flashed firmware refuses changes nothing."""
        return check(key, None if have is None else have.encode()) if check else (None, True)

    if romfs:
        from nightboard_host.flashing.romfs import mark, sync_romfs

        # In ROMFS the board keys the profile's check on the image's completion mark (/rom/~complete: a hash of
        # every file) where a slot has its manifest (boot.py profile_key).
        checked, same = check_for(mark(version, files).encode())
        sync_romfs(board, version, files, prof_bytes, result, progress, hook, state, slots, active,
                   lambda s: slots[s].exists and complete(s), None if same else checked, image_size)
        return
    if active is not None and slots[active].exists and complete(active):
        target = active
        result.kept = len(want)
        slot_manifest = (state["texts"].get(target + "/" + MANIFEST) or "").encode()  # the board's, as it is
    else:
        target = SLOTS[1] if active == SLOTS[0] else SLOTS[0]
        slot_manifest = man
    checked, same = check_for(slot_manifest)  # the slot's manifest as the board will hold it: the board's key
    if target != active:
        _fill(board, slots, target, active, files, want, man, hashes, state["free"], result, progress, hook)
    result.slot = target

    new_loader = (LOADER_TEXT % {"version": version, "slot": target}).encode()
    if prof_hash != sha(prof_bytes):
        hook("profile", PROFILE)
        atomic_write(board, PROFILE, prof_bytes)
        result.profile_written = True
    # The check once the slot (its manifest written last) and the profile are in place, before the loader runs
    # them: its key covers both, so a cut anywhere leaves either no match (the board validates) or this check.
    if checked is not None and not same:
        hook("check", CHECKED)
        atomic_write(board, CHECKED, checked)
        result.check_written = True
    if loader.encode() != new_loader:
        hook("loader", LOADER)
        progress.phase("switching to the new firmware")
        atomic_write(board, LOADER, new_loader)
        result.loader_written = True
    # Only now that the loader runs the new slot: what no longer belongs anywhere else.
    stale = [n for n in state["root"] if n.endswith(TMP)]
    legacy = state["trees"].get(LEGACY)
    if stale or legacy is not None:
        lfiles = ["/" + n for n in stale] + [p for p, s in legacy or () if s >= 0]
        ldirs = (sorted([p for p, s in legacy or () if s < 0], key=len, reverse=True)
                 + ([LEGACY] if legacy is not None else []))
        hook("delete", LEGACY)
        board.run(program("remove", FILES=lfiles, DIRS=ldirs), "removing old files")
        result.deleted.extend(lfiles)


def _fill(board, slots, target, active, files, want, man, hashes, free, result, progress, hook):
    """Make `target` hold exactly `files` (then its manifest), taking what it can from `active`."""
    st = slots[target]
    have = hashes(target) if st.exists else {}
    send, copy = [], []
    src = hashes(active) if active is not None and slots[active].exists else {}
    for rel in sorted(files):
        if have.get(rel) == want[rel]:
            result.kept += 1
        elif src.get(rel) == want[rel]:
            copy.append(rel)
        else:
            send.append(rel)
    extra = [r for r in st.files() if r not in files]
    need = sum(len(files[r]) for r in send + copy) + len(man)
    freed = sum(st.sizes.get(r, 0) for r in send + copy + extra)
    if free is not None and need > free + freed:
        raise FlashError("not enough room on the board: the update needs %d KB, %d KB are free; remove files "
                         "you do not need (mpremote fs ls / rm)" % (need // 1024, (free + freed) // 1024))
    progress.plan(sum(len(files[r]) for r in send), len(send), len(copy))
    # The slot is about to change: first its manifest goes, so that a cut from here on is seen as such.
    if st.exists and MANIFEST in st.sizes:
        board.run(program("remove", FILES=[target + "/" + MANIFEST], DIRS=[]), "opening %s" % target)
    dirs = sorted({target} | {target + "/" + "/".join(Path(r).parts[:i])
                              for r in files for i in range(1, len(Path(r).parts))}, key=lambda d: (d.count("/"), d))
    board.run(program("mkdirs", DIRS=dirs), "making directories")
    if extra:
        hook("delete", target)
        xdirs = sorted([target + "/" + d for d in st.dirs if not any(r.startswith(d + "/") for r in files)],
                       key=len, reverse=True)
        board.run(program("remove", FILES=[target + "/" + r for r in extra], DIRS=xdirs), "removing stale files")
        result.deleted.extend(target + "/" + r for r in extra)
    if copy:
        hook("copy", target)
        progress.phase("copying %d unchanged files on the board" % len(copy))
        board.run(program("copy_files", PAIRS=[(active + "/" + r, target + "/" + r) for r in copy]), "copying files",
                  consumer=lambda b: progress.copied(b.count(b".")))
        result.copied.extend(copy)
    _send(board, target, send, files, result, progress, hook)
    # The slot is checked whole before its manifest makes it complete: a bad transfer, a copy of a damaged
    # file of the running slot, or damage to a kept file since it was written is sent (once) and checked.
    check = sorted(files)
    for attempt in (1, 2):
        progress.phase("checking the files on the board")
        got = board.hash_files([target + "/" + r for r in check], "checking %s" % target)
        bad = [r for r in check if got.get(target + "/" + r) not in (want[r], "?")]
        if not bad:
            break
        if attempt == 2:
            raise FlashError("these files did not arrive intact on the board, flash again: %s" % ", ".join(bad))
        _send(board, target, bad, files, result, progress, hook)
        check = bad
    atomic_write(board, target + "/" + MANIFEST, man)


def _send(board, target, rels, files, result, progress, hook):
    for rel in rels:
        path = target + "/" + rel
        hook("send", path)
        progress.sending(rel)
        data = files[rel]
        done = [0]

        def step(n, total, done=done, path=path):
            progress.advance(n - done[0])
            done[0] = n
            hook("chunk", path)

        board.write(path, data, step)
        result.sent.append(rel)
        result.bytes_sent += len(data)
        hook("sent", path)


def atomic_write(board, path, data):
    board.write(path + TMP, data)
    board.run(program("rename", OLD=path + TMP, NEW=path), "renaming %s into place" % path)
