/*
 * The memory-bandwidth floor of Search: a plain float32 dot-product scan of every vector on
 * one core, keeping the top k. Vectors are L2-normalized, so the dot product is the cosine
 * similarity. Usage: scan <vectors.f32> <query.f32> <dims> <k> <repeats>
 * Prints one line per repeat: the milliseconds of a full scan. The first lines print the top k.
 * With repeats 0 it loads the vectors once and scans once per line read from stdin, so that a
 * benchmark can interleave its scans with other runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static float *read_file(const char *path, long *count) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(1); }
  fseek(f, 0, SEEK_END);
  long bytes = ftell(f);
  fseek(f, 0, SEEK_SET);
  float *data = malloc(bytes);
  if (!data || fread(data, 1, bytes, f) != (size_t)bytes) { fprintf(stderr, "read %s failed\n", path); exit(1); }
  fclose(f);
  *count = bytes / (long)sizeof(float);
  return data;
}

int main(int argc, char **argv) {
  if (argc != 6) { fprintf(stderr, "usage: scan vectors query dims k repeats\n"); return 2; }
  long values, qvalues;
  float *vectors = read_file(argv[1], &values);
  float *query = read_file(argv[2], &qvalues);
  int dims = atoi(argv[3]), k = atoi(argv[4]), repeats = atoi(argv[5]);
  long n = values / dims;
  if (qvalues != dims || dims % 16 != 0 || k < 1 || k > 64) { fprintf(stderr, "bad query or k\n"); return 2; }
  float best[64];
  long best_id[64];
  char line[64];
  for (int r = 0; repeats == 0 ? fgets(line, sizeof line, stdin) != NULL : r < repeats; r++) {
    double start = now_ms();
    int filled = 0;
    for (long i = 0; i < n; i++) {
      const float *v = vectors + i * dims;
      /* 16 partial sums: without -ffast-math gcc keeps a single sum in order (scalar); separate
         sums let it use SIMD registers, as any in-memory scan would. */
      float acc[16] = {0};
      for (int j = 0; j + 16 <= dims; j += 16)
        for (int u = 0; u < 16; u++) acc[u] += v[j + u] * query[j + u];
      float dot = 0;
      for (int u = 0; u < 16; u++) dot += acc[u];
      if (filled < k || dot > best[filled - 1]) {
        int p = filled < k ? filled++ : k - 1;
        while (p > 0 && best[p - 1] < dot) { best[p] = best[p - 1]; best_id[p] = best_id[p - 1]; p--; }
        best[p] = dot;
        best_id[p] = i;
      }
    }
    double ms = now_ms() - start;
    if (r == 0) for (int i = 0; i < filled; i++) printf("top %ld %.6f\n", best_id[i], best[i]);
    printf("ms %.3f\n", ms);
    fflush(stdout);
  }
  free(vectors);
  free(query);
  return 0;
}
