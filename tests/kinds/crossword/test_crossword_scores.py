"""Scored word lists (`word;score`, `word score`, --min-score) and fills best first (the
engine `best`): parsing and its summary line, the order of fills against a brute force over
every fill of small grids, --limit K, the rule check of every fill printed, the deadline,
and scores through JSON and the language."""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import run_cli, run_process

import satpuzzle
from satpuzzle.checkers.crossword import violations
from satpuzzle.codecs.json_reader import write_instance
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword import dictionaries
from satpuzzle.kinds.crossword.model import CrosswordInstance, slots
from satpuzzle.kinds.crossword.puzzle import to_puz
from satpuzzle.kinds.crossword.wordlists import DEFAULT_SCORE, normalize_scored, read_word_list
from satpuzzle.kinds.registry import kind_of
from satpuzzle.loading import load_text
from satpuzzle.pipeline import Found, Request, solve

# ---------------------------------------------------------------- reading


def test_both_separators_mixed_lines_duplicates_and_bad_scores():
    listed = normalize_scored([
        "ABBA;50", "abba 60", "NEW YORK;45", "aloha", "été;30", "zed;x", "zig;5.5",
        "o'hare;40", "don't", "1234;20", "", "   ", "apple ; 70 ",
    ])
    score = dict(zip(listed.words, listed.scores))
    assert score == {"abba": 60, "newyork": 45, "aloha": DEFAULT_SCORE, "ete": 30,
                     "ohare": 40, "apple": 70}
    assert listed.duplicates == 1  # abba twice: the higher score kept
    assert listed.bad_scores == 2  # "x" and "5.5"
    assert listed.dropped == 2  # "don't" (a plain line keeps its apostrophe) and "1234"
    assert listed.unscored == 1  # aloha


def test_a_plain_list_has_no_scores_and_reads_as_before():
    listed = normalize_scored(["b", "a", "B", "a-b"])
    assert listed.words == ("b", "a") and listed.scores is None
    assert (listed.dropped, listed.duplicates) == (1, 1)


def test_a_plain_word_after_its_scored_line_keeps_the_score():
    listed = normalize_scored(["abc;7", "abc", "xyz", "xyz;3", "xyz;2"])
    assert dict(zip(listed.words, listed.scores)) == {"abc": 7, "xyz": 3}


def test_scores_out_of_range_or_huge_are_bad_scores():
    listed = normalize_scored(["ab;1000000", "cd;1000001", "ef;" + "9" * 5000, "gh;-3"])
    assert dict(zip(listed.words, listed.scores)) == {"ab": 1_000_000, "gh": -3}
    assert listed.bad_scores == 2


def test_the_summary_line_says_why_lines_were_dropped(tmp_path, capsys):
    words = tmp_path / "scored.txt"
    words.write_text("abc;50\nABC;60\nxyz;oops\nq2r;9\nlow;10\nplain\n")
    listed = read_word_list(str(words), min_score=20)
    assert dict(zip(listed.words, listed.scores)) == {"abc": 60, "plain": DEFAULT_SCORE}
    line = capsys.readouterr().err
    for part in ("2 words kept", "scores 50 to 60", "1 dropped (other characters)",
                 "1 duplicates merged (highest score kept)",
                 "1 dropped (score not a whole number)",
                 f"1 without a score given {DEFAULT_SCORE}", "1 below score 20"):
        assert part in line, part


def test_an_emptied_list_says_why(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("ab;x\ncd;10\nef;20\n-;4\n")
    with pytest.raises(InputError) as error:
        read_word_list(str(words), min_score=30)
    assert ("empty dictionary: no word of letters a-z (entries dropped: 1 with other "
            "characters than letters, 1 with a score that is not a whole number, 2 below "
            "score 30)") in str(error.value)


def test_min_score_needs_scores(tmp_path):
    words = tmp_path / "plain.txt"
    words.write_text("abc\nabd\n")
    with pytest.raises(InputError, match="--min-score needs scores"):
        read_word_list(str(words), min_score=10)


def test_builtin_english_scores_from_frequency_and_through_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(dictionaries.CACHE_ENV, str(tmp_path / "cache"))
    assert [dictionaries.score_of_zipf(z) for z in (0.5, 1, 3.5, 6, 7.2)] == [0, 0, 50, 100, 100]
    first = read_word_list("en", scored=True)
    hits = dictionaries.STATS.hits
    again = read_word_list("en", scored=True)
    assert dictionaries.STATS.hits == hits + 1  # read back from the cache, scores and all
    assert again.words == first.words and again.scores == first.scores
    score = dict(zip(first.words, first.scores))
    assert all(0 <= s <= 100 for s in first.scores)
    assert score["the"] == 100 and score["house"] > score["aardwolf"]
    high = read_word_list("en", min_score=80)
    assert set(high.words) == {w for w, s in score.items() if s >= 80}
    assert read_word_list("en").scores is None  # plain unless scores are asked for


# ---------------------------------------------------------------- best first, brute force

GRIDS = [
    ("111", "101", "111"),
    ("111", "111"),
    ("1111", "1001", "1111"),
    ("111", "111", "110"),
]


def brute_force(instance: CrosswordInstance) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    """Every fill, by trying every word in every slot, with its (lowest, sum) key."""
    score = dict(zip(instance.words, instance.scores))
    cells_of = slots(instance)
    choices = [[w for w in instance.words if len(w) == len(cells)] for cells in cells_of]
    found = []
    for words in itertools.product(*choices):
        letters: dict[tuple[int, int], str] = {}
        if all(letters.setdefault(cell, letter) == letter
               for cells, word in zip(cells_of, words) for cell, letter in zip(cells, word)):
            fill = tuple("".join(letters.get((r, c), "0") for c in range(len(row)))
                         for r, row in enumerate(instance.grid))
            scores = [score[w] for w in words]
            found.append(((min(scores), sum(scores)), fill))
    return found


def key_of(instance: CrosswordInstance, fill: tuple[str, ...]) -> tuple[int, int]:
    score = dict(zip(instance.words, instance.scores))
    scores = [score["".join(fill[r][c] for r, c in cells)] for cells in slots(instance)]
    return min(scores), sum(scores)


def random_instance(seed: int) -> CrosswordInstance:
    rng = random.Random(seed)
    grid = rng.choice(GRIDS)
    lengths = sorted({len(cells) for cells in slots(CrosswordInstance(grid, ()))})
    words = sorted({"".join(rng.choice("abc") for _ in range(n))
                    for n in lengths for _ in range(14)})
    scores = [rng.choice((5, 20, 20, 35, 50, 50, 70)) for _ in words]
    return CrosswordInstance(grid, tuple(words), scores=tuple(scores))


def best_fills(instance: CrosswordInstance, limit: int | None = None) -> list[tuple[str, ...]]:
    """The fills the pipeline yields (engine auto: best first for a scored list), each
    rule-checked there."""
    events = solve(instance, Request(limit=limit, in_process=True))
    found = [event for event in events if isinstance(event, Found)]
    assert all(event.checked for event in found)
    return [event.solution for event in found]


@pytest.mark.parametrize("seed", range(12))
def test_every_fill_comes_best_first_as_the_brute_force_ranks_them(seed):
    instance = random_instance(seed)
    expected = brute_force(instance)
    found = best_fills(instance)
    assert sorted(found) == sorted(fill for _, fill in expected)  # every fill, once
    keys = [key_of(instance, fill) for fill in found]
    assert keys == sorted((key for key, _ in expected), reverse=True)
    for fill in found:
        assert violations(instance.grid, instance.words, False, fill) == []


@pytest.mark.parametrize("seed", range(12, 18))
def test_limit_k_gives_the_k_best(seed):
    instance = random_instance(seed)
    ranked = sorted((key for key, _ in brute_force(instance)), reverse=True)
    for limit in (1, 3):
        found = best_fills(instance, limit)
        assert [key_of(instance, fill) for fill in found] == ranked[:limit]


def test_distinct_words_best_first():
    instance = CrosswordInstance(("111", "101", "111"),
                                 ("aba", "aca", "aaa", "bab", "cac"), distinct=True,
                                 scores=(50, 40, 90, 30, 60))
    found = best_fills(instance)
    expected = [(key, fill) for key, fill in brute_force(instance)
                if len({fill[0], fill[2], "".join(r[0] for r in fill),
                        "".join(r[2] for r in fill)}) == 4]
    assert sorted(found) == sorted(fill for _, fill in expected)
    assert [key_of(instance, f) for f in found] == sorted((k for k, _ in expected),
                                                          reverse=True)


def test_no_fill_is_unsat_and_plain_engines_still_answer():
    instance = CrosswordInstance(("11", "11"), ("ab", "cd"), scores=(10, 20))
    assert best_fills(instance) == []
    instance = CrosswordInstance(("111", "101", "111"), ("abc", "ada", "cbc", "aaa"),
                                 scores=(1, 2, 3, 4))
    plain = set(satpuzzle.solutions(instance, engine="search"))
    assert set(best_fills(instance)) == plain


# ---------------------------------------------------------------- the command line


def test_cli_scored_file_is_filled_best_first_by_default(tmp_path):
    entries = {"abc": 90, "ade": 80, "cfg": 70, "efg": 60, "abe": 10, "bca": 40, "axc": 50,
               "cba": 55, "adc": 65}
    instance = CrosswordInstance(("111", "101", "111"), tuple(entries),
                                 scores=tuple(entries.values()))
    ranked = sorted(brute_force(instance), reverse=True)
    (tmp_path / "grid.txt").write_text("111\n101\n111\n")
    (tmp_path / "words.txt").write_text("".join(f"{w};{s}\n" for w, s in entries.items()))
    args = ("solve", tmp_path / "grid.txt", "--dict", tmp_path / "words.txt")
    result = run_cli(*args, "--limit", "1")
    assert result.returncode == 0
    assert tuple(result.stdout.split()) == ranked[0][1]  # the unique best: lowest 70
    assert ranked[0][0] > ranked[1][0]
    plain = run_cli(*args, "--engine", "search", "--count")
    best = run_cli(*args, "--count")
    assert plain.stdout == best.stdout == f"{len(ranked)}\n"
    high = run_cli(*args, "--min-score", "60", "--engine", "search")
    assert {tuple(b.split("\n")) for b in high.stdout.strip().split("\n\n")} == {
        fill for (lowest, _), fill in ranked if lowest >= 60}


def test_cli_best_needs_scores(tmp_path):
    (tmp_path / "grid.txt").write_text("11\n")
    (tmp_path / "words.txt").write_text("ab\ncd\n")
    result = run_cli("solve", tmp_path / "grid.txt", "--dict", tmp_path / "words.txt",
                     "--best")
    assert result.returncode == 2 and "--best needs word scores" in result.stderr
    puz = tmp_path / "plain.puz"
    puz.write_text("crossword {\n words: ab cd\n grid {\n  11\n }\n}\n")
    result = run_cli("solve", puz, "--best")
    assert result.returncode == 2 and "--best needs word scores" in result.stderr


def test_language_scores_inline_and_min_score_on_a_file(tmp_path):
    (tmp_path / "words.txt").write_text("ab;10\ncd;80\nef;30\n")
    (tmp_path / "p.puz").write_text(
        'crossword {\n dictionary: file "words.txt" min-score=20\n grid {\n  11\n }\n}\n')
    instance = satpuzzle.load(str(tmp_path / "p.puz"))[0]
    assert dict(zip(instance.words, instance.scores)) == {"cd": 80, "ef": 30}
    instance = satpuzzle.load("crossword {\n words: ab;10 cd;80 ef\n grid {\n  11\n }\n}\n")[0]
    assert instance.scores == (10, 80, DEFAULT_SCORE)
    assert list(satpuzzle.solutions(instance, limit=1)) == [("cd",)]
    with pytest.raises(InputError, match="min-score=WHOLE NUMBER"):
        satpuzzle.load('crossword {\n dictionary: en min-score=high\n grid {\n  11\n }\n}\n')


@pytest.mark.parametrize("how_many", [[], ["--limit", "1"]])
def test_timeout_hands_over_the_best_fill_so_far_unproven(tmp_path, how_many):
    """Ginsberg's 7×7 puzzle09 with the English list's frequency scores: the proof of the
    best fill takes far longer than the 20 s given (its lowest score is not settled in 120
    s), a fill is found in about a second on a quiet machine (with 8 s, a busy one found
    none in time). (The 6×6 open grid this used was proven in 9 s once the fills at its best
    lowest score were listed.) The run
    ends at the deadline with the best fill found, said on stderr not to be proven, exit 3
    (with --limit 1 too: the fill completes the limit, unproven). A machine so busy that no
    fill came in 20 s (it happened) gets one more try with 120 s: the property is what the
    deadline hands over, not how fast the machine is."""
    grid = ["0011100", "0111110", "1110111", "1111111", "1110111", "0111110", "0011100"]
    (tmp_path / "grid.txt").write_text("\n".join(grid) + "\n")
    for seconds in ("20", "120"):
        result = run_process("solve", tmp_path / "grid.txt", "--dict", "en", "--best",
                             "--timeout", seconds, *how_many, timeout=200)
        if "0 solution(s) found so far" not in result.stderr:
            break
    assert result.returncode == 3, result.stderr
    assert "NOT proven best" in result.stderr
    fill = tuple(result.stdout.split())
    assert len(fill) == 7
    words = read_word_list("en").words
    assert violations(grid, words, False, fill) == []


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("scores", [None, (5, 70, -3)])
def test_scores_survive_json_and_the_language(scores):
    instance = CrosswordInstance((("1", "1", "1"), ("1", "0", "1"), ("1", "1", "1")),
                                 ("abc", "ade", "fgh"), scores=scores)
    kind = kind_of(instance)
    back = load_text(write_instance("crossword", kind.json_codec, instance), "x.json")
    assert back.instances[0] == instance
    again = load_text(to_puz(instance), "x.puz").instances[0]
    assert again.words == instance.words and again.scores == instance.scores


def test_scores_are_validated_when_built_in_code():
    grid = (("1", "1"),)
    for scores in [(1,), (1, 2, 3), ("1", 2), (True, 2), (1.5, 2), (10**7, 1)]:
        with pytest.raises(InputError, match="one whole number per word"):
            CrosswordInstance(grid, ("ab", "cd"), scores=scores)
