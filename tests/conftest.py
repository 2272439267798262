"""Shared helpers: run the CLI as a user would, read its grids, check them independently."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import io
import itertools
import os
import signal
import subprocess
import sys
import traceback
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INSTANCES = ROOT / "instances"
# the test suite's folder: its data/, golden/ and errors/ (test files sit in subfolders)
TESTS = ROOT / "tests"


def external_program(name: str) -> str | None:
    """Where the external program `name` is, looked up on PATH only (Debian puts Simon
    Tatham's games in /usr/games, on a user's PATH; .ci/run adds it): a test that needs one
    skips naming it when it is absent, and .ci/run runs the suite once with every optional
    program off PATH to prove that the suite passes on a machine with nothing but Python."""
    import shutil

    return shutil.which(name)
# Real benchmark data lives beside the checkout; tests that need it skip when it is absent.
SHARED_DATA = ROOT.parent / "shared" / "data"


@dataclasses.dataclass
class CliResult:
    """What a run of the command gave, as subprocess.CompletedProcess names it."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str


class _Capture(io.StringIO):
    """A captured stdout or stderr: no terminal, and close() (the CLI closes stderr when its
    reader goes away) keeps what was written readable."""

    def close(self) -> None:
        pass


@contextlib.contextmanager
def _process_state_kept(cwd: Path | str | None) -> Iterator[None]:
    """cli.main installs SIGINT/SIGTERM handlers and a stage's --timeout arms SIGALRM and the
    real-time timer: give pytest its own back afterwards, and the working directory too."""
    numbers = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)
    handlers = {number: signal.getsignal(number) for number in numbers}
    timer = signal.getitimer(signal.ITIMER_REAL)
    here = os.getcwd()
    # Hypothesis times the garbage collector with a gc callback; a --timeout's SIGALRM that
    # lands in it is swallowed ("exception ignored"). The command's own process has none.
    callbacks = gc.callbacks[:]
    gc.callbacks.clear()
    # a command's process starts with no Sudoku solver kept from earlier puzzles (the shared
    # solver of satpuzzle.kinds.sudoku.shared, which answers from a shape's third puzzle on)
    kept = sys.modules.get("satpuzzle.kinds.sudoku.shared")
    if kept is not None:
        kept.SHARED.clear()
    try:
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        gc.callbacks[:] = callbacks
        os.chdir(here)
        for number, handler in handlers.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        if timer[0]:
            signal.setitimer(signal.ITIMER_REAL, *timer)


def pytest_configure(config):
    """Byte-compile the package once: the tests that start a real process would otherwise
    each compile it from source where PYTHONDONTWRITEBYTECODE is set (about 0.1 s each)."""
    import compileall

    compileall.compile_dir(str(ROOT / "satpuzzle"), quiet=1)


# the jigsaw kind's cut-line files need GEOS (shapely) to node the lines, scipy to pair sides
needs_shapely = pytest.mark.skipif(
    find_spec("shapely") is None or find_spec("scipy") is None,
    reason="shapely and scipy (the outlines extra: pip install 'satpuzzle[outlines]') are "
           "not installed")


def run_cli(*args: object, cwd: Path | str | None = None, timeout: float = 120,
            input_text: str | None = None) -> CliResult:
    """The command `satpuzzle ARGS` run in this process through satpuzzle.cli.main (the
    interpreter's start-up and imports are paid once, not per command): its exit status,
    stdout and stderr. `timeout` is the subprocess form's and is not enforced here; the
    tests that need a real process (signals, start-up, os._exit) use run_process."""
    from satpuzzle import cli

    argv = [str(arg) for arg in args]
    out, err = _Capture(), _Capture()
    streams = sys.stdin, sys.stdout, sys.stderr
    with _process_state_kept(cwd):
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(input_text or ""), out, err
        try:
            status = cli.main(argv)
        except SystemExit as exit_:  # argparse refuses a command line (or --help) this way
            code = exit_.code
            status = code if isinstance(code, int) else (0 if code is None else 1)
            if not isinstance(code, (int, type(None))):
                err.write(f"{code}\n")
        except Exception:  # noqa: BLE001 - what the interpreter does with an uncaught error
            err.write(traceback.format_exc())
            status = 1
        finally:
            sys.stdin, sys.stdout, sys.stderr = streams
    return CliResult(argv, status, out.getvalue(), err.getvalue())


def run_process(*args: object, cwd: Path | str | None = None, timeout: float = 120,
                input_text: str | None = None) -> subprocess.CompletedProcess:
    """The real command, `python -m satpuzzle ARGS`, in a fresh interpreter, as a user runs
    it: for what only a process shows (its exit through the entry point, start-up, signals)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "satpuzzle", *map(str, args)],
                          check=False, capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=timeout, input=input_text)


def parse_grids(text: str) -> list[list[list[int]]]:
    """Grids printed as blocks of lines of space-separated numbers, blocks split by blank lines."""
    grids, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append([int(v) for v in line.split()])
        elif current:
            grids.append(current)
            current = []
    if current:
        grids.append(current)
    return grids


def shared(relative: str) -> Path:
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"shared benchmark data not present: {path}")
    return path


def sudoku_brute_force_count(grid, box_rows: int, box_cols: int) -> int:
    """Plain cell-by-cell backtracking, written from the rules only, for cross-checking."""
    size = box_rows * box_cols
    g = [list(row) for row in grid]

    def allowed(r: int, c: int, v: int) -> bool:
        top, left = r - r % box_rows, c - c % box_cols
        return (
            all(g[r][k] != v for k in range(size) if k != c)
            and all(g[k][c] != v for k in range(size) if k != r)
            and all(
                g[top + i][left + j] != v
                for i in range(box_rows)
                for j in range(box_cols)
                if (top + i, left + j) != (r, c)
            )
        )

    def count(pos: int) -> int:
        if pos == size * size:
            return 1
        r, c = divmod(pos, size)
        if g[r][c]:
            return count(pos + 1) if allowed(r, c, g[r][c]) else 0
        total = 0
        for v in range(1, size + 1):
            if allowed(r, c, v):
                g[r][c] = v
                total += count(pos + 1)
                g[r][c] = 0
        return total

    return count(0)


def process_alive(pid: int) -> bool:
    """Whether process `pid` exists and is not a zombie."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(")")[-1].split()[0] == "Z")


def wait_for_child(pid: int, seconds: float = 30.0) -> bool:
    """Wait until process `pid` has started a child process (its solver, say): a signal sent
    then hits the work itself, not a slow interpreter start-up on a loaded machine."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as handle:
                        fields = handle.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == pid:  # fields[1] is the parent's pid
                    return True
        time.sleep(0.05)
    return False


def wait_for_cpu(pid: int, seconds: float, limit: float = 60.0) -> bool:
    """Wait until process `pid` has used `seconds` of CPU time (start-up is ~0.3 s), so that a
    signal reaches the work itself even on a loaded machine."""
    import time

    ticks = os.sysconf("SC_CLK_TCK")
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            return False
        if (int(fields[11]) + int(fields[12])) / ticks >= seconds:  # utime + stime
            return True
        time.sleep(0.05)
    return False


def one_in_three_brute_force(clauses) -> set[tuple[int, ...]]:
    """Every assignment of the occurring variables under which each clause has exactly one
    true literal occurrence, as its sorted true variables."""
    used = sorted({abs(lit) for clause in clauses for lit in clause})
    found = set()
    for bits in itertools.product((False, True), repeat=len(used)):
        value = dict(zip(used, bits))
        if all(sum(value[abs(lit)] == (lit > 0) for lit in clause) == 1 for clause in clauses):
            found.add(tuple(v for v in used if value[v]))
    return found


def swapped_labels(instance, rng):
    """One inner label a turned into b on one piece and one b into a on another: label counts
    are kept, and the board often no longer tiles."""
    pieces = [list(piece) for piece in instance.pieces]
    a, b = rng.sample(sorted({label for piece in pieces for label in piece} - {0}), 2)
    for old, new in ((a, b), (b, a)):
        i, s = rng.choice([(i, s) for i, piece in enumerate(pieces) for s in range(4)
                           if piece[s] == old])
        pieces[i][s] = new
    return dataclasses.replace(instance, pieces=tuple(tuple(p) for p in pieces))


# The slow set: the tests that the README's command (`python -m pytest -q`, whose addopts in
# pyproject.toml deselect `slow`) leaves out so that it runs in under 150 s on a two-core
# machine; `-m slow` runs them alone, `-m ""` runs everything, and .ci/run runs both sets.
# Chosen by measured CPU and wall time: the costliest test functions (165 of 1238), each
# leaving a quicker test of its feature in the default run (a timeout or an interrupt of the
# same call, the same option on another command), about 4/5 of the suite's CPU time;
# test_stress.py and the costliest counts of test_counting.py are marked in their own files.
# Keyed by file name and test function (every case of a parametrized one), not by path, so
# that a test file moved into a subfolder keeps its tests' place;
# tests/architecture/test_slow_set.py fails on a name here that no longer names a test.
SLOW_TESTS: dict[str, tuple[str, ...]] = {
    "test_other_generators.py": ("test_piecemakers_pieces_read_from_their_picture_are_rebuilt",),
    "test_cpu_limits.py": (
        "test_a_worker_over_its_cpu_limit_is_one_line_and_exit_3",
        "test_satpuzzle_over_its_own_soft_cpu_limit_says_so",
    ),
    "test_api_inputs.py": (
        "test_api_timeout_counts_from_the_call",
        "test_the_command_line_takes_a_pasted_line_and_still_says_no_such_file",
        "test_timeout_reports_the_whole_command_reading_the_word_list_included",
    ),
    "test_api_typed.py": (
        "test_ctrl_c_during_a_timed_call_stops_everything",
        "test_forced_cut_short_raises_timeout_with_what_was_proven",
        "test_timeout_while_compiling",
    ),
    "test_baseline_crossword_trie.py": (
        "test_random_grids_match_brute_force",
        "test_seed_example_agrees_with_brute_force",
    ),
    "test_baseline_sudoku_eup.py": (
        "test_counts_match_plain_backtracking",
        "test_empty_6x6_count",
    ),
    "test_baselines_peers.py": (
        "test_annealing_solves_the_classic_9x9",
        "test_cpsat_solves_and_counts_like_satpuzzle",
        "test_nurikabe_peers_count_shadings_not_labels_or_distances",
    ),
    "test_batch_progress.py": (
        "test_directory_jobs_matches_sequential_output_in_order",
        "test_no_progress_when_stderr_is_not_a_terminal",
        "test_progress_line_on_a_terminal_during_enumeration",
        "test_sigint_during_parallel_batch_exits_3_and_kills_workers",
    ),
    "test_batch_speed_paths.py": ("test_a_batch_cut_by_its_timeout_prints_every_line",
                                  "test_one_worker_answers_as_two_workers_do"),
    "test_benchmark_grids.py": ("test_a_small_grid_measured_by_both_commands",),
    "test_benchmark_harness.py": (
        "test_report_has_tables_image_links_and_keeps_hand_written_text",
    ),
    "test_benchmark_report.py": ("test_run_case_reads_checks_and_flags_a_wrong_peer",),
    "test_budget.py": ("test_a_long_pb_encoding_is_killed_at_the_deadline",),
    "test_budget_rules.py": (
        "test_a_best_fill_handed_over_at_the_deadline_is_not_written",
        "test_compile_cut_short_by_its_timeout_leaves_the_file_untouched",
        "test_compile_interrupted_leaves_the_file_untouched",
        "test_every_engine_answers_as_before_within_a_sufficient_budget",
        "test_every_engine_refuses_a_tiny_clause_budget",
        "test_every_writer_leaves_its_file_untouched_when_its_time_is_up",
        "test_generate_cut_short_by_its_timeout_leaves_the_file_untouched",
        "test_generate_cut_short_still_prints_what_it_made_on_standard_output",
    ),
    "test_certify.py": (
        "test_a_sudoku_with_rule_clauses_removed_cannot_be_certified_unsatisfiable",
        "test_the_claims_a_timeout_leaves_undone_say_so",
    ),
    "test_cli_reductions.py": (
        "test_verify_is_deterministic",
        "test_verify_random_reports_both_outcomes",
    ),
    "test_cluster.py": (
        "test_a_local_cluster_run_says_nothing_but_its_own_lines",
        "test_batch_and_directory_same_bytes_as_local_and_jobs",
        "test_ctrl_c_cancels_and_prints_what_was_found",
        "test_generate_and_verify_same_bytes_as_local",
        "test_split_on_the_cluster_counts_and_sets_equal_unsplit",
        "test_timeout_cancels_and_prints_what_was_found",
        "test_unreachable_scheduler_is_one_line_exit_2_quickly",
        "test_worker_killed_mid_batch_output_complete_and_identical",
        "test_workers_running_another_satpuzzle_are_refused",
    ),
    "test_cluster_loss.py": (
        "test_every_worker_killed_or_frozen_mid_directory",
        "test_malformed_address_for_generate_and_verify",
        "test_malformed_address_one_line_before_any_work",
        "test_scheduler_killed_mid_batch",
        "test_scheduler_killed_or_frozen_mid_directory",
        "test_something_else_listening_is_one_line_exit_2",
    ),
    "test_counting.py": (
        "test_batches_are_counted_line_by_line",
        "test_published_figures_latin_squares",
        "test_the_count_is_the_enumeration_count_on_every_bundled_puzzle",
    ),
    "test_crossword.py": (
        "test_builtin_dictionaries_work_out_of_the_box",
        "test_every_encoding_choice_keeps_the_fills",
    ),
    "test_crossword_barred.py": ("test_solve_through_the_command_line",),
    "test_crossword_best_handover.py": (
        "test_a_signal_after_the_first_fill_hands_it_over",
        "test_the_timeout_hands_over_the_last_fill_offered",
    ),
    "test_crossword_best_speed.py": (
        "test_maxsat_on_large_counters_gives_the_same_order",
        "test_the_first_fill_is_the_brute_force_optimum",
        "test_the_first_k_fills_come_in_the_brute_force_order",
        "test_the_soft_clauses_weigh_each_fills_shortfall",
    ),
    "test_crossword_differential.py": ("test_same_fills_as_the_seed_algorithm",),
    "test_crossword_reader_gaps.py": (
        "test_ipuz_clues_are_placed_by_their_cells",
        "test_ipuz_diagramless_takes_its_blocks_from_the_solution",
        "test_jpz_words_that_are_the_grids_entries_are_filled",
        "test_other_sites_json_is_refused_as_what_it_is",
        "test_xd_html_comments_are_skipped",
    ),
    "test_crossword_rebus.py": (
        "test_a_bad_rebus_cell_is_refused_in_one_line_at_its_place",
        "test_a_bad_rebus_option_is_refused_in_one_line",
        "test_a_real_rebus_file_fills_itself_again_and_is_written_with_its_rebus",
        "test_rebus_strings_in_satpuzzles_json",
    ),
    "test_crossword_rebus_files.py": (
        "test_any_rebus_written_and_read_again",
        "test_bad_rebus_refused_in_one_line",
        "test_solve_writes_the_rebus_back",
    ),
    "test_crossword_scores.py": (
        "test_builtin_english_scores_from_frequency_and_through_the_cache",
        "test_every_fill_comes_best_first_as_the_brute_force_ranks_them",
        "test_limit_k_gives_the_k_best",
        "test_timeout_hands_over_the_best_fill_so_far_unproven",
    ),
    "test_crossword_site_json.py": (
        "test_filled_by_solve_from_a_dictionary",
        "test_keep_solution_refinds_the_file_s_grid",
        "test_malformed_refused_in_one_line",
    ),
    "test_crossword_unseen_files.py": ("test_crosshare_bars_are_read_and_filled_by",),
    "test_crossword_why_none.py": (
        "test_a_fillable_grid_gives_no_note",
        "test_ignore_typed_makes_the_blocked_file_fill",
    ),
    "test_determinism.py": (
        "test_real_command_is_deterministic",
        "test_same_output_under_another_hash_seed",
    ),
    "test_dictionary_cache.py": ("test_the_real_english_list_is_the_same_from_cache",),
    "test_encoding_choices.py": (
        "test_every_encoding_gives_the_same_solutions",
        "test_sudoku_random_givens_same_solutions_every_encoding",
    ),
    "test_encodings_study.py": ("test_quick_study_of_one_kind",),
    "test_external_solver.py": (
        "test_all_solutions_match_pysat",
        "test_timeout_kills_the_solver_and_exits_3",
    ),
    "test_forced.py": (
        "test_api_timeout_returns_status_and_partial_result",
        "test_backbone_equals_agreement_of_all_solutions",
        "test_cli_interrupt_stops_the_backbone",
    ),
    "test_formats_constructors.py": ("test_real_file_filled_and_written_back",),
    "test_fuzz.py": (
        "test_native_and_format_texts_read_cleanly",
        "test_short_fuzz_run_has_no_failure",
    ),
    "test_hashi_encodings.py": ("test_bundled_puzzles_have_the_same_solutions_in_every_encoding",),
    "test_hashi_variants.py": ("test_solution_sets_match_brute_force_lazy_and_eager",),
    "test_hostile.py": (
        "test_a_signal_at_any_moment_ends_with_exit_3_and_a_line",
        "test_reading_is_bounded_and_confined",
    ),
    "test_hostile_sizes.py": (
        "test_a_grid_at_the_limit_is_read",
        "test_an_oversized_input_is_refused_cheaply",
    ),
    "test_interrupts.py": (
        "test_batch_timeout_keeps_one_line_per_puzzle",
        "test_signal_during_a_batch_answers_every_line_and_exits_3",
        "test_signal_during_all_prints_solutions_and_count",
        "test_signal_during_compile_leaves_no_file",
        "test_timeout_exits_3_with_count_so_far",
        "test_timeout_json_reports_unknown_completeness",
    ),
    "test_search_kernel.py": ("test_the_timeout_stops_the_compiled_loop_and_its_process",),
    "test_jigsaw.py": (
        "test_every_encoding_choice_keeps_the_solution_set",
        "test_generated_solution_sets_equal_brute_force",
    ),
    "test_jigsaw_outlines.py": ("test_noise_of_half_a_percent_of_a_piece_is_tolerated",
                                "test_the_aligned_grouping_rebuilds_noisy_cuts"),
    "test_outside_cutters.py": (
        "test_three_bezier_pieces_in_noise_are_rebuilt_with_aligned_grouping",
        "test_from_the_picture_the_truth_is_among_the_boards"),
    "test_noisy_assembly.py": (
        "test_own_cuts_at_one_percent_noise_are_rebuilt_10x10",
        "test_own_cuts_at_two_percent_noise_are_rebuilt_6x6",
        "test_three_bezier_10x10_at_one_percent_is_rebuilt_from_the_svg",
        "test_three_bezier_10x10_at_one_percent_is_rebuilt_from_the_picture",
        "test_a_400_piece_board_is_assembled_within_bounds",
        "test_three_bezier_20x20_at_half_a_percent_is_rebuilt_from_the_picture"),
    "test_kakuro.py": ("test_published_puzzles_have_their_published_solution_only",),
    "test_memory_limits.py": (
        "test_a_native_library_that_exits_is_out_of_memory_not_no_solution",
        "test_a_native_solver_out_of_memory_in_a_worker_is_one_line",
        "test_a_worker_out_of_memory_is_one_line_and_exit_3",
        "test_satpuzzle_out_of_memory_in_its_own_process_is_one_line_and_exit_3",
    ),
    "test_nurikabe.py": (
        "test_every_encoding_choice_gives_the_same_solutions",
        "test_solutions_equal_brute_force",
    ),
    "test_one_in_three_sat.py": ("test_every_clause_encoding_gives_the_same_solutions",),
    "test_output_streams.py": (
        "test_a_closed_stderr_keeps_the_timeout_status",
        "test_every_command_ends_with_exit_3_when_its_reader_leaves",
        "test_every_command_with_stderr_closed_keeps_its_status_and_output",
        "test_every_command_with_stdout_closed_is_one_line_exit_2",
    ),
    "test_partition.py": (
        "test_every_sum_encoding_gives_the_same_splits",
        "test_partdata_optimum_zero_exactly_when_satisfiable",
    ),
    "test_paste_inputs.py": (
        "test_diagonals_on_a_puz_file_and_a_batch",
        "test_every_command_that_reads_the_puzzle_takes_diagonals",
        "test_generated_hashi_puzzles_export_as_game_ids",
        "test_tracking_parameters_are_ignored_with_one_note",
    ),
    "test_pictures.py": ("test_every_kind_is_valid_svg_that_rasterises",),
    "test_progress_pty.py": (
        "test_batch_cut_by_timeout_ends_cleanly",
        "test_count_cut_by_timeout_prints_a_clean_count",
        "test_count_stopped_by_limit_prints_a_clean_count",
        "test_count_to_the_end_prints_a_clean_count",
        "test_ctrl_c_ends_cleanly",
        "test_streamed_solutions_cut_by_timeout_end_cleanly",
        "test_summary_on_a_terminal_with_stdout_piped",
    ),
    "test_proof_files.py": ("test_the_timeout_holds_while_checking",),
    "test_question_clues.py": (
        "test_shikaku_question_in_a_large_empty_grid_is_refused_by_the_budget",
    ),
    "test_readme.py": ("test_readme_tour_commands_print_what_the_readme_shows",),
    "test_reduction_one_in_three.py": (
        "test_random_formulas",
        "test_satlib_prefixes",
        "test_sizes",
        "test_special_formulas",
    ),
    "test_reductions_partition.py": ("test_partition_reductions_random",),
    "test_shikaku.py": ("test_a_generated_200x200_is_solved_and_checked_quickly",),
    "test_shikaku_encodings.py": (
        "test_bundled_puzzles_have_the_same_solutions_in_every_encoding",
        "test_random_puzzles_match_the_brute_force_in_every_encoding",
    ),
    "test_signals_early.py": (
        "test_a_signal_from_the_first_moment_is_exit_3_and_one_line",
        "test_a_swallowed_interrupt_is_not_lost",
    ),
    "test_split.py": (
        "test_split_all_is_the_same_set_each_solution_once",
        "test_split_counts_equal_unsplit",
    ),
    "test_sudoku.py": (
        "test_backends_agree",
        "test_random_small_puzzles_match_brute_force",
    ),
    "test_sudoku_generate.py": (
        "test_difficulty_is_honoured",
        "test_minimal_puzzles_lose_uniqueness_without_any_given",
    ),
    "test_sudoku_regions.py": ("test_random_irregular_puzzles_match_brute_force",),
    "test_timeouts.py": (
        "test_compile_is_cut_and_writes_nothing",
        "test_generation_is_cut",
        "test_hard_solve_is_cut",
        "test_solve_compile_stage_is_cut",
        "test_verification_is_cut_with_counts_so_far",
    ),
    "test_types.py": (
        "test_a_kind_module_that_breaks_the_interface_fails",
        "test_a_kind_that_keeps_the_interface_passes",
    ),
    "test_maxsat_scale.py": ("test_a_10x10_board_with_no_perfect_board_gets_its_optimum",
                             "test_a_run_cut_short_prints_its_best_board_and_what_is_proven",
                             "test_keeping_piece_0_to_one_turn_of_the_board_keeps_the_optimum"),
}


@pytest.hookimpl(tryfirst=True)  # before pytest's own -m selection reads the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of SLOW_TESTS `slow`."""
    for item in items:
        function = getattr(item, "originalname", item.name)
        if function in SLOW_TESTS.get(item.path.name, ()):
            item.add_marker(pytest.mark.slow)
