// The parser the metrics tests read Prometheus' text format with ships no types of its own.
declare module 'parse-prometheus-text-format' {
  type Sample = { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string };
  type Family = { name: string; help: string; type: string; metrics: Sample[] };
  export default function parsePrometheusTextFormat(text: string): Family[];
}
