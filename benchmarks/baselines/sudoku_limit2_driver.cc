// A driver for compiled Sudoku solvers that follow the interface of the tdoku benchmarks
// (t-dillon/tdoku): size_t SOLVER(const char *puzzle, size_t limit, uint32_t configuration,
// char *solution, size_t *guesses). It reads one 81-character puzzle a line (lines starting
// with '#' skipped), asks for up to 2 solutions, as tdoku's harness does to decide
// uniqueness, and prints one line per puzzle: "unique", "none" or "several". The solver's
// source is not part of satpuzzle; docs/benchmarks/DETAILS.md says how to build it with this.
//
//   g++ -O3 -march=native -DSOLVER=OtherSolverNorvig -o norvig sudoku_limit2_driver.cc sudoku.en.cc
#include <cstdint>
#include <cstdio>
#include <cstring>

#ifndef SOLVER
#error "define SOLVER as the solver function's name"
#endif

extern "C" size_t SOLVER(const char *input, size_t limit, uint32_t configuration,
                         char *solution, size_t *num_guesses);

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s PUZZLES\n", argv[0]);
        return 2;
    }
    std::FILE *file = std::fopen(argv[1], "r");
    if (!file) {
        std::perror(argv[1]);
        return 2;
    }
    char line[1024], solution[82] = {0};
    size_t guesses = 0, puzzles = 0, unique = 0;
    while (std::fgets(line, sizeof line, file)) {
        if (line[0] == '#' || std::strlen(line) < 81) continue;
        line[81] = '\0';
        size_t count = SOLVER(line, 2, 0, solution, &guesses);
        puzzles++;
        unique += count == 1;
        std::puts(count == 0 ? "none" : count == 1 ? "unique" : "several");
    }
    std::fclose(file);
    std::fprintf(stderr, "%zu puzzles, %zu unique\n", puzzles, unique);
    return 0;
}
