/* A dedicated edge-matching baseline: plain depth-first search in scan-row order, the way the
 * Eternity II hobby solvers work. Equal matching, border zero, rotations allowed.
 *
 * stdin:  "rows cols", then one piece a line as "top right bottom left", labels 0..K (0 = border).
 * stdout: "SOLVED nodes" and one "piece turns" line per cell in row-major order, or "NONE nodes".
 *
 * Each cell's candidates come from a table indexed by the labels its top and left neighbours
 * impose, so a node costs a few memory reads; no learning, no look-ahead. Built by
 * benchmarks/baselines/jigsaw_backtrack.py with the system's C compiler.
 */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int piece, turns;
    int right, bottom;
} Option;

static int rows, cols, cells, labels;
static Option **table;      /* table[top * labels + left]: the oriented pieces showing them */
static int *table_size;
static char *used;
static int *right_label, *bottom_label, *chosen_piece, *chosen_turns;
static long long nodes;

static int search(int k) {
    if (k == cells) return 1;
    int r = k / cols, c = k % cols;
    int top = r == 0 ? 0 : bottom_label[k - cols];
    int left = c == 0 ? 0 : right_label[k - 1];
    int key = top * labels + left;
    for (int a = 0; a < table_size[key]; a++) {
        Option *o = &table[key][a];
        if (used[o->piece]) continue;
        if ((c == cols - 1) != (o->right == 0)) continue;
        if ((r == rows - 1) != (o->bottom == 0)) continue;
        nodes++;
        used[o->piece] = 1;
        right_label[k] = o->right;
        bottom_label[k] = o->bottom;
        chosen_piece[k] = o->piece;
        chosen_turns[k] = o->turns;
        if (search(k + 1)) return 1;
        used[o->piece] = 0;
    }
    return 0;
}

int main(void) {
    if (scanf("%d %d", &rows, &cols) != 2 || rows < 1 || cols < 1) return 2;
    cells = rows * cols;
    int (*piece)[4] = malloc(sizeof(int[4]) * cells);
    labels = 1;
    for (int p = 0; p < cells; p++)
        for (int s = 0; s < 4; s++) {
            if (scanf("%d", &piece[p][s]) != 1 || piece[p][s] < 0) return 2;
            if (piece[p][s] + 1 > labels) labels = piece[p][s] + 1;
        }
    table = calloc((size_t)labels * labels, sizeof(Option *));
    table_size = calloc((size_t)labels * labels, sizeof(int));
    for (int p = 0; p < cells; p++)
        for (int t = 0; t < 4; t++) {
            int shown[4], repeat = 0;
            /* t clockwise quarter turns: the label listed at side s moves to side s + t */
            for (int s = 0; s < 4; s++) shown[s] = piece[p][(s - t + 4) % 4];
            for (int u = 0; u < t && !repeat; u++) {  /* a symmetric piece: one copy per look */
                int same = 1;
                for (int s = 0; s < 4; s++) same &= piece[p][(s - u + 4) % 4] == shown[s];
                repeat = same;
            }
            if (repeat) continue;
            int key = shown[0] * labels + shown[3];
            table[key] = realloc(table[key], sizeof(Option) * (table_size[key] + 1));
            table[key][table_size[key]++] = (Option){p, t, shown[1], shown[2]};
        }
    used = calloc(cells, 1);
    right_label = calloc(cells, sizeof(int));
    bottom_label = calloc(cells, sizeof(int));
    chosen_piece = calloc(cells, sizeof(int));
    chosen_turns = calloc(cells, sizeof(int));
    if (!search(0)) {
        printf("NONE %lld\n", nodes);
        return 0;
    }
    printf("SOLVED %lld\n", nodes);
    for (int k = 0; k < cells; k++) printf("%d %d\n", chosen_piece[k], chosen_turns[k]);
    return 0;
}
