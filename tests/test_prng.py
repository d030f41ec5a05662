"""The shared PRNG: deterministic, unbiased enough, identical on CPython and MicroPython."""

import pytest

from mpy_harness import run_mpy_json
from nightboard.prng import Prng


def test_same_seed_same_stream():
    a, b = Prng(7), Prng(7)
    assert [a.next32() for _ in range(50)] == [b.next32() for _ in range(50)]


def test_different_seeds_differ():
    assert Prng(1).next32() != Prng(2).next32()


def test_state_resumes_stream():
    a = Prng(123)
    for _ in range(10):
        a.next32()
    b = Prng(state=a.state)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]


def test_below_range_and_spread():
    r = Prng(5)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(800 < c < 1200 for c in counts), counts


def test_shuffle_is_permutation():
    items = list(range(20))
    Prng(9).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


@pytest.mark.parametrize("bad", [-1, "x", 1.5])
def test_bad_seed_refused(bad):
    with pytest.raises(ValueError):
        Prng(bad)


def test_bad_state_refused():
    with pytest.raises(ValueError):
        Prng(state=0)


@pytest.mark.micropython
def test_identical_under_micropython():
    code = (
        "import json\nfrom nightboard.prng import Prng\n"
        "out=[]\n"
        "for s in (0, 1, 42, 2**31+5):\n"
        "    r=Prng(s); out.append([r.next32() for _ in range(20)] + [r.below(n) for n in (1,2,3,7,52,1000)])\n"
        "    l=list(range(30)); r.shuffle(l); out.append(l)\n"
        "print(json.dumps(out))\n"
    )
    got = run_mpy_json(code)
    want = []
    for s in (0, 1, 42, 2**31 + 5):
        r = Prng(s)
        want.append([r.next32() for _ in range(20)] + [r.below(n) for n in (1, 2, 3, 7, 52, 1000)])
        lst = list(range(30))
        r.shuffle(lst)
        want.append(lst)
    assert got == want
