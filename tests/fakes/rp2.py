"""Fake rp2 module: a recording asm_pio that renders pioasm text, StateMachine and DMA.

asm_pio behaves like MicroPython's: it swaps the decorated function's module
globals for the PIO DSL names while it runs the body (so a body that reads a
module global breaks here as it would on the board), then restores them. It
returns a Program whose `text` is pioasm source that adafruit_pioasm assembles
and whose `kw` holds the asm_pio settings, so a test can compare it with a
reference program instruction for instruction.
"""


class PIO:
    IN_LOW = 0
    IN_HIGH = 1
    OUT_LOW = 2
    OUT_HIGH = 3
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0
    JOIN_TX = 1
    JOIN_RX = 2


class PIOASMError(Exception):
    pass


_ASM_PIO_ARGS = (
    "out_init",
    "set_init",
    "sideset_init",
    "side_pindir",
    "in_shiftdir",
    "out_shiftdir",
    "autopush",
    "autopull",
    "push_thresh",
    "pull_thresh",
    "fifo_join",
)

# DSL values as in MicroPython's rp2.py
_DSL_CONSTS = {
    "gpio": 0,
    "pins": 0,
    "x": 1,
    "y": 2,
    "null": 3,
    "pindirs": 4,
    "pc": 5,
    "status": 5,
    "isr": 6,
    "osr": 7,
    "exec": 8,
    "not_x": 1,
    "x_dec": 2,
    "not_y": 3,
    "y_dec": 4,
    "x_not_y": 5,
    "pin": 6,
    "not_osre": 7,
    "noblock": 0x01,
    "block": 0x21,
    "iffull": 0x40,
    "ifempty": 0x40,
    "clear": 0x40,
}

_JMP_COND = {0: "", 1: "!x", 2: "x--", 3: "!y", 4: "y--", 5: "x!=y", 6: "pin", 7: "!osre"}
_OUT_DEST = {0: "pins", 1: "x", 2: "y", 3: "null", 4: "pindirs", 5: "pc", 6: "isr", 8: "exec"}
_IN_SRC = {0: "pins", 1: "x", 2: "y", 3: "null", 6: "isr", 7: "osr"}
_SET_DEST = {0: "pins", 1: "x", 2: "y", 4: "pindirs"}
_MOV_DEST = {0: "pins", 1: "x", 2: "y", 4: "exec", 5: "pc", 6: "isr", 7: "osr", 8: "exec"}
_MOV_SRC = {0: "pins", 1: "x", 2: "y", 3: "null", 5: "status", 6: "isr", 7: "osr"}


def _name(table, v, what):
    if v not in table:
        raise PIOASMError("fake rp2: bad %s %r" % (what, v))
    return table[v]


class Program:
    def __init__(self, name, kw, lines, sideset_count, sideset_opt):
        self.name = name
        self.kw = kw
        self.lines = lines
        self.sideset_count = sideset_count
        self.sideset_opt = sideset_opt

    @property
    def text(self):
        out = [".program " + self.name]
        if self.sideset_count:
            out.append(".side_set %d%s" % (self.sideset_count, " opt" if self.sideset_opt else ""))
        for ln in self.lines:
            if isinstance(ln, str):
                out.append(ln)
            else:
                s = "    " + ln[0]
                if ln[1] is not None:
                    s += " side %d" % ln[1]
                if ln[2]:
                    s += " [%d]" % ln[2]
                out.append(s)
        return "\n".join(out) + "\n"


class _Emit:
    def __init__(self):
        self.lines = []
        self.last = None
        self.n_instr = 0
        self.n_side = 0

    def _ins(self, text):
        self.last = [text, None, 0]
        self.lines.append(self.last)
        self.n_instr += 1
        return self

    def side(self, v):
        self.last[1] = v
        self.n_side += 1
        return self

    def delay(self, d):
        self.last[2] = d
        return self

    def __getitem__(self, d):
        return self.delay(d)

    def wrap_target(self):
        self.lines.append(".wrap_target")

    def wrap(self):
        self.lines.append(".wrap")

    def label(self, name):
        self.lines.append("%s:" % name)

    def nop(self):
        return self._ins("nop")

    def jmp(self, cond, label=None):
        if label is None:
            cond, label = 0, cond
        c = _name(_JMP_COND, cond, "jmp condition")
        return self._ins(("jmp %s %s" % (c, label)) if c else ("jmp %s" % label))

    def out(self, dest, n):
        return self._ins("out %s, %d" % (_name(_OUT_DEST, dest, "out destination"), n))

    def in_(self, src, n):
        return self._ins("in %s, %d" % (_name(_IN_SRC, src, "in source"), n))

    def set(self, dest, v):
        return self._ins("set %s, %d" % (_name(_SET_DEST, dest, "set destination"), v))

    def mov(self, dest, src):
        op = "~" if src & 0x08 else ("::" if src & 0x10 else "")
        return self._ins("mov %s, %s%s" % (_name(_MOV_DEST, dest, "mov destination"), op, _name(_MOV_SRC, src & 7, "mov source")))

    def _pp(self, op, value, value2, cond):
        value |= value2
        words = [op]
        if value & 0x40:
            words.append(cond)
        words.append("noblock" if value & 1 else "block")
        return self._ins(" ".join(words))

    def pull(self, value=0, value2=0):
        return self._pp("pull", value, value2, "ifempty")

    def push(self, value=0, value2=0):
        return self._pp("push", value, value2, "iffull")

    def _unsupported(self, *a):
        raise PIOASMError("fake rp2: instruction not supported by the fake")


def asm_pio(**kw):
    for k in kw:
        if k not in _ASM_PIO_ARGS:
            raise TypeError("unexpected keyword argument '%s'" % k)

    def dec(f):
        emit = _Emit()
        gl = f.__globals__
        old = {}
        for k in gl:
            old[k] = gl[k]
        gl.clear()
        for k in _DSL_CONSTS:
            gl[k] = _DSL_CONSTS[k]
        gl["invert"] = lambda v: v | 0x08
        gl["reverse"] = lambda v: v | 0x10
        for name in ("wrap_target", "wrap", "label", "nop", "jmp", "out", "in_", "set", "mov", "pull", "push"):
            gl[name] = getattr(emit, name)
        for name in ("word", "wait", "irq"):
            gl[name] = emit._unsupported
        try:
            f()
        finally:
            gl.clear()
            for k in old:
                gl[k] = old[k]
        side = kw.get("sideset_init")
        count = 0 if side is None else (1 if isinstance(side, int) else len(side))
        opt = bool(count) and emit.n_side != emit.n_instr
        return Program(f.__name__, dict(kw), emit.lines, count, opt)

    return dec


class StateMachine:
    def __init__(self, id, program=None, freq=-1, **kw):
        self.id = id
        self.program = None
        self.running = 0
        self.puts = []
        self.fifo_level = 0
        if program is not None:
            self.init(program, freq, **kw)

    def init(self, program, freq=-1, *, in_base=None, out_base=None, set_base=None, jmp_pin=None,
             sideset_base=None, in_shiftdir=None, out_shiftdir=None, push_thresh=None, pull_thresh=None):
        if not isinstance(program, Program):
            raise TypeError("fake StateMachine: program must come from asm_pio")
        self.program = program
        self.freq = freq
        self.sideset_base = sideset_base
        self.out_base = out_base
        self.set_base = set_base

    def active(self, v=None):
        if v is None:
            return self.running
        self.running = 1 if v else 0

    def put(self, value, shift=0):
        self.puts.append(value)

    def tx_fifo(self):
        return self.fifo_level


# DMA CTRL register layout (RP2040 datasheet, CH0_CTRL_TRIG)
_CTRL_FIELDS = (
    ("enable", 0, 1),
    ("high_pri", 1, 1),
    ("size", 2, 2),
    ("inc_read", 4, 1),
    ("inc_write", 5, 1),
    ("ring_size", 6, 4),
    ("ring_sel", 10, 1),
    ("chain_to", 11, 4),
    ("treq_sel", 15, 6),
    ("irq_quiet", 21, 1),
    ("bswap", 22, 1),
    ("sniff_en", 23, 1),
)


class DMA:
    CHANNELS = 12
    claimed = [False] * 12
    BYTES_PER_POLL = 16  # how far a transfer gets each time active() is polled

    def __init__(self):
        for ch in range(DMA.CHANNELS):
            if not DMA.claimed[ch]:
                DMA.claimed[ch] = True
                self.channel = ch
                break
        else:
            raise OSError(16, "fake DMA: no free channel")  # EBUSY, like the real one
        self.read = None
        self.write = None
        self.count = 0
        self.ctrl = 0
        self.triggers = 0
        self.left = 0
        self.polls = 0
        self.closed = False

    def pack_ctrl(self, default=None, **kw):
        vals = {
            "enable": 1, "high_pri": 0, "size": 2, "inc_read": 1, "inc_write": 1, "ring_size": 0,
            "ring_sel": 0, "chain_to": self.channel, "treq_sel": 0x3F, "irq_quiet": 1, "bswap": 0, "sniff_en": 0,
        }
        if default is not None:
            vals.update(DMA.unpack_ctrl(default))
        for k in kw:
            if k not in vals:
                raise TypeError("unexpected keyword argument '%s'" % k)
            vals[k] = int(kw[k])
        v = 0
        for name, shift, bits in _CTRL_FIELDS:
            v |= (vals[name] & ((1 << bits) - 1)) << shift
        return v

    @staticmethod
    def unpack_ctrl(v):
        d = {}
        for name, shift, bits in _CTRL_FIELDS:
            d[name] = (v >> shift) & ((1 << bits) - 1)
        return d

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        if self.closed:
            raise ValueError("fake DMA: channel closed")
        if self.left > 0:
            raise RuntimeError("fake DMA: reconfigured while a transfer is running")
        self.read = read
        self.write = write
        self.count = count
        self.ctrl = ctrl
        if trigger:
            self.triggers += 1
            self.left = count

    def active(self, v=None):
        if v is not None:
            raise RuntimeError("fake DMA: active(v) not modelled")
        self.polls += 1
        if self.left > 0:
            self.left -= DMA.BYTES_PER_POLL
            return True
        self.left = 0
        return False

    def close(self):
        self.closed = True
        DMA.claimed[self.channel] = False
