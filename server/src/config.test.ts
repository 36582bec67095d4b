import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ADMIN_EMAIL, listenFailure, loadConfig, PUBLISHED_ADMIN_PASSWORD } from './config';

describe('loadConfig', () => {
  it("uses the README's defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve(import.meta.dirname, '../../data'),
      adminEmail: DEFAULT_ADMIN_EMAIL,
      seedCatalogue: true,
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      rateLimitPerMinute: 20,
      unpaidOrderTtlMinutes: 24 * 60,
      drainDelayMs: 0,
      stopGraceMs: 10_000,
    });
    expect(loadConfig({ UNPAID_ORDER_TTL_MINUTES: '0' }).unpaidOrderTtlMinutes).toBe(0);
  });

  it('binds 0.0.0.0 in production and derives APP_URL from PORT', () => {
    const config = loadConfig({ NODE_ENV: 'production', PORT: '8080' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.appUrl).toBe('http://localhost:8080');
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies, in production too', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
  });

  it('lets an import fetch images from no private address unless IMPORT_PRIVATE_IMAGE_RANGES names them', () => {
    expect(loadConfig({}).importPrivateImageRanges).toEqual([]);
    expect(loadConfig({ IMPORT_PRIVATE_IMAGE_RANGES: '10.1.0.0/16, 192.168.1.20' }).importPrivateImageRanges).toEqual([
      '10.1.0.0/16',
      '192.168.1.20',
    ]);
    expect(() => loadConfig({ IMPORT_PRIVATE_IMAGE_RANGES: 'images.internal' })).toThrow(ConfigError);
  });

  it('treats empty variables as unset, but for the folders (below)', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_URL', 'postgres://[bad'],
    ['REDIS_URL', 'localhost:6379'],
    ['SMTP_URL', 'http://mail'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['UNPAID_ORDER_TTL_MINUTES', '1.5'],
    ['SEED_CATALOGUE', 'maybe'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'proxy.example'],
    ['METRICS_TOKEN', 'short'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_EVERY_HOURS', '-1'],
    ['ADMIN_PASSWORD', PUBLISHED_ADMIN_PASSWORD],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it.each([
    ['DATABASE_URL', 'mysql://localhost/db', 'DATABASE_URL: must be a URL starting with postgres:// or postgresql://'],
    // Not a URL at all: the same words, never zod's "Invalid URL", which says nothing of what it takes.
    [
      'DATABASE_URL',
      'localhost:5432/apotheca',
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    ],
    ['REDIS_URL', 'http://cache:6379', 'REDIS_URL: must be a URL starting with redis:// or rediss://'],
    ['REDIS_URL', 'cache', 'REDIS_URL: must be a URL starting with redis:// or rediss://'],
    ['APP_URL', 'shop.example.com', 'APP_URL: must be a URL starting with http:// or https://'],
    // Every link in the mails is built on it: a query or a fragment would end up in the middle of each.
    [
      'APP_URL',
      'https://shop.example.com/?ref=mail',
      'APP_URL: must be the address the shop is opened at, with no query (?) or fragment (#)',
    ],
    [
      'APP_URL',
      'https://shop.example.com/#top',
      'APP_URL: must be the address the shop is opened at, with no query (?) or fragment (#)',
    ],
    ['ADMIN_EMAIL', 'admin', 'ADMIN_EMAIL: must be an e-mail address, such as admin@example.com'],
    ['MAIL_FROM', 'a', 'MAIL_FROM: must be a sender address, such as Apotheca <no-reply@example.com>'],
    // Mail went out from the empty sender, `<>`, which a mail server takes for a bounce, or refuses.
    ['MAIL_FROM', 'Apotheca', 'MAIL_FROM: must be a sender address, such as Apotheca <no-reply@example.com>'],
    [
      'MAIL_FROM',
      'Apotheca <no-reply>',
      'MAIL_FROM: must be a sender address, such as Apotheca <no-reply@example.com>',
    ],
    ['MAIL_FROM', '<<>>', 'MAIL_FROM: must be a sender address, such as Apotheca <no-reply@example.com>'],
    [
      'MAIL_FROM',
      'shop@example.com, other@example.com',
      'MAIL_FROM: must be a sender address, such as Apotheca <no-reply@example.com>',
    ],
    ['SEED_CATALOGUE', 'yes', 'SEED_CATALOGUE: must be true, false, 1 or 0'],
    ['NODE_ENV', 'prod', 'NODE_ENV: must be development, production or test'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL: must be fatal, error, warn, info, debug, trace or silent'],
    ['PORT', 'eighty', 'PORT: must be a whole number from 1 to 65535'],
    // Port 0 would listen on a port nobody is told: the banner, APP_URL and the load balancer name PORT.
    ['PORT', '0', 'PORT: must be a whole number from 1 to 65535'],
    ['PORT', '70000', 'PORT: must be a whole number from 1 to 65535'],
    ['DRAIN_DELAY_MS', '3s', 'DRAIN_DELAY_MS: must be a whole number from 0 to 2147483647'],
    // Longer than Node's longest timer, the drain would be cut to a millisecond: no drain at all.
    ['DRAIN_DELAY_MS', '3000000000', 'DRAIN_DELAY_MS: must be a whole number from 0 to 2147483647'],
    // 0 would end every stop's requests at once, even an idle instance's, with an error and code 1.
    ['STOP_GRACE_MS', '0', 'STOP_GRACE_MS: must be a whole number from 1 to 2147483647'],
    ['STOP_GRACE_MS', '10s', 'STOP_GRACE_MS: must be a whole number from 1 to 2147483647'],
    ['UNPAID_ORDER_TTL_MINUTES', '1.5', 'UNPAID_ORDER_TTL_MINUTES: must be a whole number, 0 or more'],
    ['MAX_IN_FLIGHT_REQUESTS', '0', 'MAX_IN_FLIGHT_REQUESTS: must be a whole number, 1 or more'],
    ['SCRYPT_COST', '30', 'SCRYPT_COST: must be a whole number from 10 to 20'],
    [
      'BACKUP_EVERY_HOURS',
      'daily',
      'BACKUP_EVERY_HOURS: must be 0 (none) or a number from 1/60 (0.0167, a minute) to 8760 (a year)',
    ],
    [
      'BACKUP_EVERY_HOURS',
      '-1',
      'BACKUP_EVERY_HOURS: must be 0 (none) or a number from 1/60 (0.0167, a minute) to 8760 (a year)',
    ],
    // Its milliseconds would be Infinity: no period, and a failed backup logged at every look, once a minute.
    [
      'BACKUP_EVERY_HOURS',
      '1e308',
      'BACKUP_EVERY_HOURS: must be 0 (none) or a number from 1/60 (0.0167, a minute) to 8760 (a year)',
    ],
    [
      'BACKUP_EVERY_HOURS',
      '8761',
      'BACKUP_EVERY_HOURS: must be 0 (none) or a number from 1/60 (0.0167, a minute) to 8760 (a year)',
    ],
    // Shorter than the schedule's look, once a minute: a backup at every look, or (1e-320) no period at all.
    [
      'BACKUP_EVERY_HOURS',
      '1e-302',
      'BACKUP_EVERY_HOURS: must be 0 (none) or a number from 1/60 (0.0167, a minute) to 8760 (a year)',
    ],
    [
      'BACKUP_EVERY_HOURS',
      '1e-320',
      'BACKUP_EVERY_HOURS: must be 0 (none) or a number from 1/60 (0.0167, a minute) to 8760 (a year)',
    ],
    [
      'BACKUP_EVERY_HOURS',
      '0.0001',
      'BACKUP_EVERY_HOURS: must be 0 (none) or a number from 1/60 (0.0167, a minute) to 8760 (a year)',
    ],
    [
      'BACKUP_EVERY_HOURS',
      '0.0166',
      'BACKUP_EVERY_HOURS: must be 0 (none) or a number from 1/60 (0.0167, a minute) to 8760 (a year)',
    ],
    // The first admin's password meets the rule a patient's does, in the rule's own words, on one line.
    [
      'ADMIN_PASSWORD',
      'Short@1',
      "ADMIN_PASSWORD: must meet a patient's password rule: Password must be at least 8 characters long.",
    ],
    [
      'ADMIN_PASSWORD',
      'adminpassword',
      "ADMIN_PASSWORD: must meet a patient's password rule: Password must contain at least one uppercase letter. Password must contain at least one number. Password must contain at least one special character (@, $, !, %, *, ?, &).",
    ],
    ['ADMIN_PASSWORD', PUBLISHED_ADMIN_PASSWORD, 'ADMIN_PASSWORD: was published in an earlier README: choose another'],
    ['METRICS_TOKEN', 'abc', 'METRICS_TOKEN: must be 16 characters or more'],
    // A folder's value forgotten (`DATA_DIR=`) would put the shop's data, or its backups, in the default
    // folder without a word: an empty folder setting is refused where other empty variables are unset.
    ['DATA_DIR', '', 'DATA_DIR: is empty: name a folder, or leave DATA_DIR unset for ./data in the repository'],
    ['DATA_DIR', '  ', 'DATA_DIR: is empty: name a folder, or leave DATA_DIR unset for ./data in the repository'],
    [
      'BACKUP_DIR',
      '',
      'BACKUP_DIR: is empty: name a folder, or leave BACKUP_DIR unset for ./backups in the repository',
    ],
  ])('says in plain words what a bad %s must be (%s)', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(`Invalid configuration:\n  ${message}`));
  });

  it.each(['shop@example.com', 'Apotheca <no-reply@example.com>', '"Shop @ Home" <shop@example.com>'])(
    'takes a sender address written either way (%s)',
    (from) => {
      expect(loadConfig({ MAIL_FROM: from }).mailFrom).toBe(from);
    },
  );

  it('takes a first admin password that meets the rule', () => {
    expect(loadConfig({ ADMIN_PASSWORD: 'Chosen@Pass-2026' }).adminPassword).toBe('Chosen@Pass-2026');
  });

  it('writes pretty log lines only to a terminal, and never under test', () => {
    expect(loadConfig({}, true).prettyLogs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, true).prettyLogs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, false).prettyLogs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }, true).prettyLogs).toBe(false);
  });

  it('warns, without refusing to start, when a production shop sends mail but APP_URL is not set', () => {
    const warning =
      'APP_URL: not set, so every link in the mails (orders, password resets, recalls) points at http://localhost:8080; set it to the address patients open the shop at, such as https://shop.example.com';
    const production = { NODE_ENV: 'production', PORT: '8080', SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig(production).warnings).toEqual([warning]);
    expect(loadConfig({ ...production, APP_URL: '' }).warnings).toEqual([warning]);
    // Set, or no mail sent, or not a production start: nothing to say.
    for (const env of [
      { ...production, APP_URL: 'https://shop.example.com' },
      { NODE_ENV: 'production' },
      { SMTP_URL: 'smtp://mail:25' },
    ])
      expect(loadConfig(env).warnings, JSON.stringify(env)).toEqual([]);
  });

  it('takes no scheduled backups unless BACKUP_EVERY_HOURS is set, and keeps seven by default', () => {
    expect(loadConfig({})).toMatchObject({ backupEveryHours: 0, backupKeep: 7, metricsToken: undefined });
    expect(loadConfig({ BACKUP_DIR: 'some/dir', BACKUP_EVERY_HOURS: '6' })).toMatchObject({
      backupDir: path.resolve('some/dir'),
      backupEveryHours: 6,
    });
    // A month and a year: periods longer than Node's longest timer, since the schedule looks every minute.
    expect(loadConfig({ BACKUP_EVERY_HOURS: '720' }).backupEveryHours).toBe(720);
    expect(loadConfig({ BACKUP_EVERY_HOURS: '8760' }).backupEveryHours).toBe(8760);
    expect(loadConfig({ BACKUP_EVERY_HOURS: '0.5' }).backupEveryHours).toBe(0.5);
    // A minute, the schedule's own step, as the refusal names it and written exactly.
    expect(loadConfig({ BACKUP_EVERY_HOURS: '0.0167' }).backupEveryHours).toBe(0.0167);
    expect(loadConfig({ BACKUP_EVERY_HOURS: String(1 / 60) }).backupEveryHours).toBe(1 / 60);
    expect(loadConfig({ BACKUP_EVERY_HOURS: '0' }).backupEveryHours).toBe(0);
  });
});

describe('listenFailure', () => {
  const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
  const address = { port: 3000, host: '10.9.9.9' };

  it.each([
    [
      failure('EADDRINUSE', 'listen EADDRINUSE: address already in use 10.9.9.9:3000'),
      'PORT 3000 on 10.9.9.9 is already in use by another process: stop that process, or set PORT to a free port.',
    ],
    [
      failure('EADDRNOTAVAIL', 'listen EADDRNOTAVAIL: address not available 10.9.9.9:3000'),
      'HOST 10.9.9.9 is not an address of this machine: set HOST to one of its addresses, 0.0.0.0 for all of them, or leave it unset.',
    ],
    [
      failure('ENOTFOUND', 'getaddrinfo ENOTFOUND 10.9.9.9'),
      'HOST 10.9.9.9 is not an address of this machine: set HOST to one of its addresses, 0.0.0.0 for all of them, or leave it unset.',
    ],
    [
      failure('EACCES', 'listen EACCES: permission denied 10.9.9.9:3000'),
      'PORT 3000 on 10.9.9.9 may not be opened by this user (a port below 1024 needs privileges): set PORT to 1024 or above.',
    ],
  ])('names the setting an operator changes when the server cannot listen (%s)', (error, message) => {
    expect(listenFailure(error, address)).toEqual(new ConfigError(message));
  });

  it('keeps any other failure as it is, a fault of ours with its stack', () => {
    const error = new Error('something else');
    expect(listenFailure(error, address)).toBe(error);
  });
});
