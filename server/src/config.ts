import { isIP } from 'node:net';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { passwordSchema } from '@apotheca/contract';
import { DEFAULT_SCRYPT_COST } from './lib/password-hash';

// The only module that reads process.env. Its variables and their defaults are the README's table.

/** One of a few words, said as the operator types them, not as zod's list of quoted options. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)}` });

const booleanFlag = oneOf(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
// A value that is not a URL at all stops at its first message: the protocol check would otherwise
// parse it again and throw, and the start would end in a stack trace instead of naming the variable.
// Both say what the variable takes, never zod's "Invalid URL".
const optionalUrl = (protocols: string[]) => {
  const message = `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`;
  return z
    .string()
    .url({ abort: true, error: message })
    .refine((v) => protocols.includes(new URL(v).protocol), message)
    .optional();
};

/**
 * A count, port or duration: an operator reads what it must be, not zod's words for a failed
 * coercion ("expected number, received NaN").
 */
const wholeNumber = (min: number, max?: number) => {
  const message = `must be a whole number${max === undefined ? `, ${min} or more` : ` from ${min} to ${max}`}`;
  const schema = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? schema : schema.max(max, message);
};

/** An address or a CIDR range: 10.0.0.0/8, ::1, fd00::/8. */
const isAddressOrRange = (entry: string): boolean => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/**
 * Which proxies may set X-Forwarded-For: none unless said (a client could otherwise pick its own
 * address, and so its own rate-limit key), a hop count, or the proxies' addresses and ranges.
 */
const trustProxySchema = z
  .string()
  .transform((value, context): false | number | string[] => {
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'must be a hop count or a comma-separated list of addresses and CIDR ranges',
    });
    return z.NEVER;
  })
  .default(false);

/**
 * The private addresses a catalogue import may fetch images from, for a shop that serves them on
 * its own network (docs/decisions/0085): none unless said, as a comma-separated list.
 */
const addressListSchema = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()))
  .refine((entries) => entries.every(isAddressOrRange), 'must be a comma-separated list of addresses and CIDR ranges')
  .optional();

export const DEFAULT_ADMIN_EMAIL = 'admin@apotheca.test';
const DEFAULT_MAIL_FROM = 'Apotheca <no-reply@apotheca.test>';
/** An order placed without payment holds its stock this long, then is canceled (docs/decisions/0018). */
const DEFAULT_UNPAID_ORDER_TTL_MINUTES = 24 * 60;

/**
 * The first admin's password an earlier README published: no install may keep it. A start replaces it
 * on any admin who still has it, and ADMIN_PASSWORD may not set it (docs/decisions/0123).
 */
export const PUBLISHED_ADMIN_PASSWORD = 'Admin@12345';

/**
 * The first admin's password meets the rule a patient's does, each of its failures in the rule's own
 * words, all on the line that names the variable.
 */
const adminPasswordSchema = z.string().superRefine((password, context) => {
  const rule = passwordSchema.safeParse(password);
  if (!rule.success)
    context.addIssue({
      code: 'custom',
      message: `must meet a patient's password rule: ${rule.error.issues.map((issue) => issue.message).join(' ')}`,
    });
  else if (password === PUBLISHED_ADMIN_PASSWORD)
    context.addIssue({ code: 'custom', message: 'was published in an earlier README: choose another' });
});

/** Node's longest timer: a longer one fires after a millisecond, with only a warning on stderr. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * A year: a longer period is no schedule, and a value whose milliseconds overflow (1e308) gives no
 * period at all, so every look, once a minute, would log a failed backup. The schedule looks every
 * minute rather than waiting one timer, so a month, longer than Node's longest timer, is fine.
 */
const LONGEST_BACKUP_PERIOD_HOURS = 365 * 24;
/** How often the backup schedule looks whether the current period's backup is taken. */
export const BACKUP_SCHEDULE_LOOK_MS = 60_000;
/**
 * The schedule's own step, a minute: a shorter period is no shorter in fact, but a backup at every
 * look (0.0001), or, so short that the count of periods since the epoch overflows (1e-320), no period
 * at all and a failed backup logged at every look. A period of a minute or more holds at least one
 * look, and so gets its backup.
 */
const SHORTEST_BACKUP_PERIOD_HOURS = BACKUP_SCHEDULE_LOOK_MS / 3_600_000;
const BACKUP_PERIOD_MESSAGE = `must be 0 (none) or a number from 1/60 (0.0167, a minute) to ${LONGEST_BACKUP_PERIOD_HOURS} (a year)`;
const isBackupPeriod = (hours: number) =>
  hours === 0 || (hours >= SHORTEST_BACKUP_PERIOD_HOURS && hours <= LONGEST_BACKUP_PERIOD_HOURS);

/**
 * A folder setting. Set but empty (`DATA_DIR=`, its value forgotten) is refused, where any other
 * empty variable counts as unset: the shop's data, or its backups, would go to the default folder
 * without a word, missed by whoever backs up or mounts the folder that was meant. Blank is empty.
 */
const folder = (name: string, byDefault: string) =>
  z
    .string()
    .refine((value) => value.trim() !== '', `is empty: name a folder, or leave ${name} unset for ${byDefault}`)
    .optional();
const FOLDER_SETTINGS = {
  DATA_DIR: folder('DATA_DIR', './data in the repository'),
  BACKUP_DIR: folder('BACKUP_DIR', './backups in the repository'),
};

const SENDER_MESSAGE = 'must be a sender address, such as Apotheca <no-reply@example.com>';
const senderAddress = z.email();
/**
 * One address, bare or with a name, as the mails' From is written: parsed as nodemailer parses it,
 * since a value with no address in it ("Apotheca") made every mail go out from the empty sender,
 * `<>`, which a mail server takes for a bounce or refuses.
 */
function isOneSender(from: string): boolean {
  const senders = addressparser(from);
  return senders.length === 1 && senderAddress.safeParse(senders[0]?.address).success;
}

const envSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(1, 65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  ...FOLDER_SETTINGS,
  ADMIN_EMAIL: z.string().email('must be an e-mail address, such as admin@example.com').default(DEFAULT_ADMIN_EMAIL),
  // Unset: the first start generates one and prints it once (docs/decisions/0045).
  ADMIN_PASSWORD: adminPasswordSchema.optional(),
  SEED_CATALOGUE: booleanFlag.default(true),
  // Every link in the mails is built on it: a query or a fragment would end up in the middle of each.
  APP_URL: optionalUrl(['http:', 'https:']).refine(
    (v) => v === undefined || !/[?#]/.test(v),
    'must be the address the shop is opened at, with no query (?) or fragment (#)',
  ),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().refine(isOneSender, SENDER_MESSAGE).default(DEFAULT_MAIL_FROM),
  CONTACT_FORM_URL: optionalUrl(['http:', 'https:']),
  CONTACT_ACCESS_KEY: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: wholeNumber(0).default(20),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  UNPAID_ORDER_TTL_MINUTES: wholeNumber(0).default(DEFAULT_UNPAID_ORDER_TTL_MINUTES),
  TRUST_PROXY: trustProxySchema,
  IMPORT_PRIVATE_IMAGE_RANGES: addressListSchema,
  SCRYPT_COST: wholeNumber(10, 20).default(DEFAULT_SCRYPT_COST),
  DRAIN_DELAY_MS: wholeNumber(0, LONGEST_TIMER_MS).default(0),
  STOP_GRACE_MS: wholeNumber(1, LONGEST_TIMER_MS).default(10_000),
  MAX_IN_FLIGHT_REQUESTS: wholeNumber(1).default(256),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, 'must be 16 characters or more').optional(),
  INIT_CWD: z.string().min(1).optional(),
  BACKUP_EVERY_HOURS: z.coerce
    .number({ error: BACKUP_PERIOD_MESSAGE })
    .refine(isBackupPeriod, BACKUP_PERIOD_MESSAGE)
    .default(0),
  BACKUP_KEEP: wholeNumber(1).default(7),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  clientDistDir: string;
  clientRendererFile: string;
  adminEmail: string;
  /** Undefined: the first admin gets a generated password, printed once. */
  adminPassword: string | undefined;
  seedCatalogue: boolean;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactFormUrl: string | undefined;
  contactAccessKey: string | undefined;
  rateLimitPerMinute: number;
  redisUrl: string | undefined;
  /** Minutes before an unpaid order still 'Pending' is canceled and its stock given back; 0: never. */
  unpaidOrderTtlMinutes: number;
  /** How often the server looks for such orders. */
  unpaidOrderSweepMs: number;
  /** How often the server asks the database for its day, to re-read stock when batches expire with no write. */
  expiryCheckMs: number;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** Private addresses and CIDR ranges a catalogue import may fetch images from; others are refused. */
  importPrivateImageRanges: string[];
  /** log2 of scrypt's N for new password hashes; older, cheaper hashes are remade at login. */
  scryptCost: number;
  /** After SIGTERM, how long the instance keeps serving while it reports not ready (deploy.md). */
  drainDelayMs: number;
  /**
   * After the drain, how long a stop waits for the requests in flight before it ends them. With the drain
   * it must end before the runtime's own stop timeout (docker stop: 10 s), which kills the process and
   * its embedded PostgreSQL without a clean stop.
   */
  stopGraceMs: number;
  /** Requests served at once; more get 503 with Retry-After (plugins/overload.plugin.ts). */
  maxInFlightRequests: number;
  logLevel: string;
  /** Opens `GET /api/metrics` to this bearer token; without it the route answers 404. */
  metricsToken: string | undefined;
  /** Where `npm run backup` and the scheduled backups write their files. */
  backupDir: string;
  /** BACKUP_DIR was set: a start checks it can write there, schedule or not (docs/decisions/0169). */
  backupDirSet: boolean;
  /** Hours between two scheduled backups (docs/decisions/0061); 0: none are scheduled. */
  backupEveryHours: number;
  /** The newest this many backups in `backupDir` are kept, older ones removed. */
  backupKeep: number;
  /** Pretty log lines for a person at a terminal; JSON lines otherwise (docs/decisions/0062). */
  prettyLogs: boolean;
  /** Where npm was run from (the repository's root; a workspace script runs in its workspace): file arguments are relative to it. */
  invocationDir: string;
  /**
   * Settings that start the shop but are most likely a mistake, one line each, naming the variable:
   * the start logs them as warnings.
   */
  warnings: string[];
};

export class ConfigError extends Error {}

/**
 * Why the server could not listen, in the words of the setting to change: Node's own (a stack,
 * EADDRNOTAVAIL, getaddrinfo ENOTFOUND) name none. Any other failure is answered as it is.
 */
export function listenFailure(error: unknown, { port, host }: Pick<Config, 'port' | 'host'>): unknown {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return new ConfigError(
        `PORT ${port} on ${host} is already in use by another process: stop that process, or set PORT to a free port.`,
      );
    case 'EACCES':
      return new ConfigError(
        `PORT ${port} on ${host} may not be opened by this user (a port below 1024 needs privileges): set PORT to 1024 or above.`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConfigError(
        `HOST ${host} is not an address of this machine: set HOST to one of its addresses, 0.0.0.0 for all of them, or leave it unset.`,
      );
    default:
      return error;
  }
}

const UNPAID_ORDER_SWEEP_MS = 60_000;
/** A batch expired at midnight leaves the catalogue's stock, filters and facets within this. */
const EXPIRY_CHECK_MS = 60_000;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The built client, served by the API in production (`npm start`). */
const CLIENT_DIST_DIR = path.join(REPO_ROOT, 'client/dist');
/** The client's server-side renderer, built beside it (client/vite.config.ts). */
const CLIENT_RENDERER_FILE = path.join(REPO_ROOT, 'client/dist-ssr/entry-server.js');
/** `./data` of the repository, whichever workspace script starts the server. */
const DEFAULT_DATA_DIR = path.join(REPO_ROOT, 'data');
/** `./backups` of the repository, beside `./data` (a disk's loss takes both: docs/deploy.md says where else to keep them). */
const DEFAULT_BACKUP_DIR = path.join(REPO_ROOT, 'backups');

/** Reads and validates the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, isTerminal = process.stdout.isTTY): Config {
  // An empty variable is unset, but for a folder's (FOLDER_SETTINGS), which is refused.
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([name, v]) => v !== undefined && (v !== '' || name in FOLDER_SETTINGS)),
  );
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : DEFAULT_DATA_DIR;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const warnings: string[] = [];
  // Refusing to start would break `npm start` on a deployment that ran before (docs/decisions/0137):
  // the shop works, only its mails' links do not.
  if (e.NODE_ENV === 'production' && e.SMTP_URL && !e.APP_URL)
    warnings.push(
      `APP_URL: not set, so every link in the mails (orders, password resets, recalls) points at ${appUrl}; set it to the address patients open the shop at, such as https://shop.example.com`,
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    clientDistDir: CLIENT_DIST_DIR,
    clientRendererFile: CLIENT_RENDERER_FILE,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedCatalogue: e.SEED_CATALOGUE,
    appUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactFormUrl: e.CONTACT_FORM_URL,
    contactAccessKey: e.CONTACT_ACCESS_KEY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    unpaidOrderTtlMinutes: e.UNPAID_ORDER_TTL_MINUTES,
    unpaidOrderSweepMs: UNPAID_ORDER_SWEEP_MS,
    expiryCheckMs: EXPIRY_CHECK_MS,
    trustProxy: e.TRUST_PROXY,
    importPrivateImageRanges: e.IMPORT_PRIVATE_IMAGE_RANGES ?? [],
    scryptCost: e.SCRYPT_COST,
    drainDelayMs: e.DRAIN_DELAY_MS,
    stopGraceMs: e.STOP_GRACE_MS,
    maxInFlightRequests: e.MAX_IN_FLIGHT_REQUESTS,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : DEFAULT_BACKUP_DIR,
    backupDirSet: e.BACKUP_DIR !== undefined,
    backupEveryHours: e.BACKUP_EVERY_HOURS,
    backupKeep: e.BACKUP_KEEP,
    prettyLogs: isTerminal && e.NODE_ENV !== 'test',
    invocationDir: e.INIT_CWD ?? process.cwd(),
    warnings,
  };
}
