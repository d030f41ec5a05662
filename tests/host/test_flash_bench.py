"""The flash figures of `make bench` (nightboard_host.bench.flash): measured once, checked for sense.

No assertion is on a timing's value (the machines are noisy): only that each is there and positive,
and that the counts tell the story the bench prints (a full flash writes, a flash with nothing
changed writes nothing, the plain copy copies the whole tree and skips it the second time).
"""

import json
import numbers

import pytest

from nightboard_host.flashing import build
from nightboard_host.bench import flash as flash_bench
from nightboard_host.emulation.mpy_runner import ROOT


@pytest.fixture(scope="module")
def figures():
    return flash_bench.measure()


def positive(v):
    return isinstance(v, numbers.Real) and not isinstance(v, bool) and v > 0


@pytest.mark.micropython
def test_the_figures_are_json_with_a_how_for_each(figures):
    assert json.loads(json.dumps(figures)) == figures
    for name in ("ours_full", "ours_nochange", "mpremote_full", "mpremote_again", "mpremote_mpy_full"):
        assert name in figures and figures["how"][name]
        assert positive(figures[name]["seconds"])


@pytest.mark.micropython
def test_the_tree_is_the_firmware_flashing_deploys(figures):
    sources = build.firmware_sources(ROOT / "firmware")
    assert figures["tree"]["files"] == len(sources) == figures["mpy_tree"]["files"]
    assert figures["tree"]["bytes"] == sum(src.stat().st_size for _, src, _ in sources)
    assert 0 < figures["mpy_tree"]["bytes"] < figures["tree"]["bytes"]  # compiled is smaller than source


@pytest.mark.micropython
def test_a_full_flash_sends_everything_and_writes(figures):
    full, tree = figures["ours_full"], figures["mpy_tree"]
    assert full["written"] is True and full["profile_written"] and full["loader_written"]
    assert full["files_sent"] == tree["files"] > 0 and full["bytes_sent"] == tree["bytes"] > 0
    assert full["files_copied_on_board"] == 0 and full["files_kept"] == 0
    assert full["files_changed_on_board"] >= full["files_sent"]  # and the manifest, profile and loader
    assert positive(full["seconds_before_hello"]) and full["seconds_before_hello"] <= full["seconds"]


@pytest.mark.micropython
def test_a_flash_with_nothing_changed_writes_nothing(figures):
    same = figures["ours_nochange"]
    assert same["written"] is False and not same["profile_written"] and not same["loader_written"]
    assert same["files_sent"] == 0 and same["bytes_sent"] == 0 and same["files_copied_on_board"] == 0
    assert same["files_changed_on_board"] == 0  # seen in the board's flash directory, not only reported
    assert same["files_kept"] == figures["tree"]["files"]
    assert same["runs"] == len(same["seconds_all"]) >= 2 and same["seconds"] == min(same["seconds_all"])


@pytest.mark.micropython
def test_mpremote_copies_the_whole_tree_then_skips_it(figures):
    tree = figures["tree"]
    full, again = figures["mpremote_full"], figures["mpremote_again"]
    assert full["files"] == full["files_written"] == tree["files"] and full["bytes_sent"] == tree["bytes"]
    assert full["written"] is True and full["files_up_to_date"] == 0
    assert again["files_written"] == 0 and again["bytes_sent"] == 0 and again["written"] is False
    assert again["files_up_to_date"] == tree["files"]  # mpremote's own "Up to date:" line for each
    mpy = figures["mpremote_mpy_full"]
    assert mpy["files_written"] == figures["mpy_tree"]["files"] and mpy["bytes_sent"] == figures["mpy_tree"]["bytes"]


@pytest.mark.micropython
def test_the_ratios_are_positive_numbers_of_the_same_run(figures):
    for name in ("ratio_full_seconds", "ratio_nochange_seconds", "ratio_full_seconds_before_hello",
                 "ratio_nochange_seconds_before_hello", "ratio_full_bytes"):
        assert positive(figures[name]), name
    assert figures["ratio_full_bytes"] == round(figures["tree"]["bytes"] / figures["mpy_tree"]["bytes"], 2)
    full = figures["mpremote_full"]["seconds"] / figures["ours_full"]["seconds"]
    assert figures["ratio_full_seconds"] == pytest.approx(full, abs=0.01)
    assert positive(figures["mpremote_startup_seconds"])
