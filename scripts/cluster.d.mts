export type ClusterInstance = {
  url: string;
  port: number;
  pid: number;
  /** Its DATA_DIR, removed once it has stopped. */
  dataDir: string;
  output: () => string;
  /** Sends the signal (SIGTERM: drain) and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export type Cluster = { url: string; instances: ClusterInstance[]; stop: () => Promise<void> };

export function startCluster(options: {
  instances?: number;
  databaseUrl: string;
  redisUrl: string;
  port?: number;
  env?: Record<string, string>;
  echo?: boolean;
}): Promise<Cluster>;

export type Balancer = { url: string; stop: () => Promise<void> };

export function startBalancer(options: { ports: number[]; port?: number; echo?: boolean }): Promise<Balancer>;
