"""heap_map's reading of its import log (the emulated-Pico run itself is some minutes: run by hand)."""

from nightboard_host.emulation.heap_map import _loader, own_modules, report


def test_an_import_keeps_its_own_bytes_less_what_it_imported_inside_it():
    # logged as imports end: nested ones first, each with its depth
    log = [("a.x", 100, 1), ("a.y.z", 30, 2), ("a.y", 50, 1), ("a", 400, 0), ("b", 64, 0)]
    got = own_modules(log)
    assert got == [("a.x", 100, 100, 1), ("a.y.z", 30, 30, 2), ("a.y", 50, 20, 1), ("a", 400, 250, 0),
                   ("b", 64, 64, 0)]
    text = report("g", {"menu": 1, "start": 2, "repl": 3, "hookbase": 4, "qstr": "qstr pool: n_pool=6",
                        "log": got, "holders": [("table.saves", 3952), ("game.x", 16)]})
    lines = text.splitlines()
    assert lines[3].split() == ["250", "400", "a"]  # biggest own first
    assert "sum of top-level imports: 464 B" in text
    assert "table.saves 3952" in text and "game.x" not in text  # holders under 64 B left out


def test_the_loader_hooks_import_and_then_runs_the_firmware_from_rom():
    loader = _loader()
    compile(loader, "main.py", "exec")  # CPython parses what MicroPython will run
    assert "builtins.__import__ = _hk" in loader and 'open("/rom/main.py")' in loader
