"""Waiting for the firmware's answer after a restart (wait_for_hello): "hello" over the protocol until the
firmware answers with the version flashed, and a message saying what the board sent when it does not."""

import time

from nightboard_host.flashing.errors import FlashError

HELLO_RESEND = 5.0  # seconds of silence from the board before another "hello" is sent


def wait_for_hello(serial_port, version, timeout, name):
    """Send "hello" until the firmware answers with `version`; FlashError saying what the board sent.

    A slow board (or one still starting) may answer a hello long after it was sent: a reply to any hello
    counts, late or not, and a new hello goes out only when the board has sent nothing for HELLO_RESEND
    seconds (each unanswered hello is work queued on a busy board). Stops early when the firmware stopped
    (a traceback, or the REPL prompt)."""
    from nightboard_host.link.client import Client, ProtocolError, decode, encode

    serial_port.timeout = 0.05
    try:
        early = serial_port.read(serial_port.in_waiting)  # what the firmware printed already (a quick traceback)
    except Exception:
        early = b""
    link = Client(name, timeout=0.5, serial_port=serial_port)  # (which empties the input buffer)
    link._buf.extend(early)
    end = time.monotonic() + timeout
    replies = []  # every hello reply seen, latest last
    ids = set()
    quiet_since = None
    stopped = None
    try:
        while time.monotonic() < end:
            now = time.monotonic()
            if quiet_since is None or now - quiet_since >= HELLO_RESEND:
                rid = len(ids) + 1
                ids.add(rid)
                link._write(encode(rid, "hello", {}))
                quiet_since = now
            before = len(link._buf)
            lines = link._lines(None)
            if lines or len(link._buf) != before:
                quiet_since = time.monotonic()  # the board is talking: give it time to finish
            for text in lines:
                obj = decode(text)
                if obj is None:
                    link._note(text)
                elif obj.get("id") in ids or "firmware" in obj:
                    replies.append(obj)
                    if obj.get("ok") and (obj.get("firmware") == version or version is None and "firmware" in obj):
                        return obj
                else:
                    link._keep(link.stray, obj)
            stopped = _firmware_stopped(link)
            if stopped:
                break
    except ProtocolError as e:
        raise FlashError("lost the board while waiting for the firmware: %s" % e)
    raise FlashError(_no_hello_message(version, name, timeout, len(ids), replies, link, stopped))


def _firmware_stopped(client):
    """What shows that the firmware is not running (any more): a traceback, or MicroPython's prompt."""
    tail = bytes(client._buf).decode("utf-8", "replace")
    lines = [n for n in client.noise if n.strip()] + ([tail] if tail.strip() else [])
    if any("Traceback (most recent call last)" in n for n in lines):
        return "it stopped with an error"
    if tail.rstrip().endswith(">>>") or any(n.startswith(">>>") or 'Type "help()"' in n for n in lines):
        return "it is at MicroPython's prompt (>>>): the firmware ended, or there is none on the board"
    return None


def _no_hello_message(version, name, timeout, tries, replies, client, stopped):
    tail = bytes(client._buf).decode("utf-8", "replace")
    printed = [n for n in client.noise if n.strip()] + ([tail] if tail.strip() else [])
    answered = [r for r in replies if r.get("ok")]
    version = "(any version)" if version is None else version
    if answered:
        msg = "the board answers with firmware %s, not %s" % (answered[-1].get("firmware"), version)
    elif replies:
        msg = "Nightboard %s answers on %s, but only with errors: %s" % (version, name, replies[-1].get("error"))
    elif stopped:
        msg = "Nightboard %s did not start on %s: %s" % (version, name, stopped)
        if version == "(any version)":
            msg = "Nightboard did not start on %s: %s. Flash it with `nightboard flash`" % (name, stopped)
    else:
        msg = "Nightboard %s did not answer on %s within %.0f s (%d hello requests sent, no reply to any)" % (
            version, name, timeout, tries)
    if printed:
        return msg + "; it printed:\n" + "\n".join("  " + n for n in printed)
    return msg + ("" if replies else "; it printed nothing. Give it more time with --timeout, or look at "
                  "`mpremote connect %s repl`" % name)
