// Latency samples (ms) to the figures the benchmarks report: count, p50, p90, p99 and max, to 0.1 ms.
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** No samples (every request failed, say) give null figures, never a time that looks measured. */
export function latencySummary(ms) {
  if (ms.length === 0) return { n: 0, p50: null, p90: null, p99: null, max: null };
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    n: sorted.length,
    p50: round(quantile(sorted, 0.5)),
    p90: round(quantile(sorted, 0.9)),
    p99: round(quantile(sorted, 0.99)),
    max: round(sorted.at(-1)),
  };
}
