// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests (instead of after duration). */
    amount?: number;
    /** Requests per second across all connections. */
    overallRate?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: (RequestParams & {
      setupRequest?: (request: RequestParams) => RequestParams;
      onResponse?: (status: number, body: string, context: object, headers: Record<string, string | string[]>) => void;
    })[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
    '5xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
