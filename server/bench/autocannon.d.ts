// autocannon ships no types; these cover the options and results the benchmarks use.
declare module 'autocannon' {
  type Context = Record<string, unknown>;
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

  export type Request = RawRequest & {
    setupRequest?: (request: RawRequest, context: Context) => RawRequest | undefined;
    onResponse?: (status: number, body: string, context: Context) => void;
  };

  export type Options = RawRequest & {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests a second across all connections: a fixed rate instead of as fast as answers come. */
    overallRate?: number;
    requests?: Request[];
  };

  type Histogram = { average: number; p50: number; p99: number; total: number };

  export type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  };

  export default function autocannon(options: Options): Promise<Result>;
}
