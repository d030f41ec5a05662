"""`nightboard bench --only PART --game NAME`: a part of the figures measured alone and merged into a results file."""

import json

from nightboard_host.bench import costs as bench


def fake_run(calls):
    def run(quick=False, only=None, games=None):
        calls.append((only, games))
        out = {"when": "2026-11-23 19:00:00", "machine": "x86_64"}
        for name in games or ["vampiring", "dracula"]:
            if "heap" in (only or ["heap"]):
                out["heap_" + name + "_32_romfs"] = {"worst": 60000}
        out["frame_instructions"] = {name: {"idle": {"x86_instructions": 5}} for name in games or ["vampiring"]}
        return out
    return run


def test_a_partial_run_replaces_its_parts_only_and_says_when(tmp_path, monkeypatch, capsys):
    dest = tmp_path / "results.json"
    before = {"when": "2026-11-22 03:30:45", "machine": "x86_64", "latency": {"frames_max": 1},
              "heap_dracula_32_romfs": {"worst": 70000}, "heap_vampiring_32_romfs": {"worst": 71000},
              "frame_instructions": {"vampiring": {"idle": {"x86_instructions": 9}},
                                     "dracula": {"idle": {"x86_instructions": 7}}}}
    dest.write_text(json.dumps(before))
    calls = []
    monkeypatch.setattr(bench, "run", fake_run(calls))
    assert bench.main(quick=True, out=str(dest), only=["heap"], games=["dracula"]) == 0
    assert calls == [(["heap"], ["dracula"])]
    after = json.loads(dest.read_text())
    assert after["heap_dracula_32_romfs"] == {"worst": 60000}  # measured again
    assert after["heap_vampiring_32_romfs"] == {"worst": 71000}  # not measured: kept
    assert after["latency"] == before["latency"] and after["when"] == before["when"]
    # inside a per-game part only the game measured changes
    assert after["frame_instructions"]["vampiring"] == before["frame_instructions"]["vampiring"]
    assert after["frame_instructions"]["dracula"] == {"idle": {"x86_instructions": 5}}
    assert after["refreshed"]["heap_dracula_32_romfs"] == "2026-11-23 19:00:00"
    assert "heap_vampiring_32_romfs" not in after["refreshed"]
    assert "frame_instructions.dracula" in after["refreshed"]


def test_unknown_parts_and_games_are_named_and_nothing_is_written(tmp_path, capsys):
    dest = tmp_path / "r.json"
    assert bench.main(out=str(dest), only=["hep"]) == 2
    err = capsys.readouterr().err
    assert "no bench part hep" in err and "heap" in err and not dest.exists()
    assert bench.main(out=str(dest), games=["drac"]) == 2
    err = capsys.readouterr().err
    assert "no game drac" in err and "dracula" in err and not dest.exists()


def test_a_file_that_is_not_results_is_not_overwritten(tmp_path, monkeypatch, capsys):
    dest = tmp_path / "r.json"
    dest.write_text("not json {")
    monkeypatch.setattr(bench, "run", fake_run([]))
    assert bench.main(out=str(dest), only=["heap"]) == 2
    assert dest.read_text() == "not json {" and "not a bench results file" in capsys.readouterr().err


def test_the_run_measures_only_what_was_asked(monkeypatch):
    """run() itself (not a stand-in) calls the measurements of the parts and games named, and no other."""
    called = []
    monkeypatch.setattr(bench, "heap_figures", lambda gs: called.append(("heap", [g["name"] for g in gs])) or {})
    monkeypatch.setattr(bench, "turn", lambda g, with_valgrind=True: called.append(("turn", g["name"])) or {})
    for name in ("frame_cost", "wire", "latency", "boot", "gc_instructions", "frame_figures"):
        monkeypatch.setattr(bench, name, lambda *a, _n=name: called.append((_n,)) or {})
    monkeypatch.setattr(bench, "optional", lambda name: called.append(("section", name)) or (None, None))
    bench.run(quick=True, only=["heap", "turn"], games=["dracula"])
    assert called == [("heap", ["dracula"]), ("turn", "dracula")]
    called.clear()
    bench.run(quick=True, games=["dracula"])  # no parts named: the per-game ones, and the game's own section
    assert called == [("heap", ["dracula"]), ("turn", "dracula"), ("section", "dracula")]
    called.clear()
    bench.run(quick=True, only=["latency", "flash"])
    assert called == [("latency",), ("section", "flash")]
