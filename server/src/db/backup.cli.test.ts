import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createFreshPgDatabase } from '../test/fresh-pg-database';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-restore-cli-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** `npm run backup` or `npm run restore -- FILE` on `dataDir`, as an operator types it: its exit code and what it printed. */
async function cli(args: string[], dataDir: string, env: Record<string, string> = {}) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'backup.cli.ts', ...args], {
      cwd: import.meta.dirname,
      // Only DATA_DIR: the embedded default, whatever DATABASE_URL the test run has.
      env: { DATA_DIR: dataDir, ...env },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A path as a regular expression that matches it literally. */
const escaped = (file: string) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('npm run restore of a file that is no backup', () => {
  const files = {
    missing: path.join(scratch, 'no-such.backup.gz'),
    foreign: path.join(scratch, 'foreign.gz'),
    plain: path.join(scratch, 'notes.txt'),
  };
  fs.writeFileSync(files.foreign, gzipSync('H {"format":"someone-else"}\n'));
  fs.writeFileSync(files.plain, 'not gzipped\n');

  // A backup's first line is whole in both; what is broken lies further on, where a restore that read
  // only the header would already have made the target's database.
  const header = `H ${JSON.stringify({ format: 'apotheca-backup', version: 1, createdAt: '2026-11-29', migrations: [] })}\n`;
  const rows = 'R {"name":"Paracetamol 500 mg tablets, a pack of sixteen"}\n'.repeat(20_000);
  const whole = gzipSync(`${header}T {"table":"medicines","columns":["name"]}\n${rows}E {"tables":1,"rows":20000}\n`);
  const truncated = path.join(scratch, 'truncated.backup.gz');
  fs.writeFileSync(truncated, whole.subarray(0, whole.length - 100));
  const corrupted = path.join(scratch, 'corrupted.backup.gz');
  // The gzip trailer's checksum no longer matches the data.
  fs.writeFileSync(corrupted, Buffer.concat([whole.subarray(0, -8), Buffer.from([0, 0, 0, 0]), whole.subarray(-4)]));

  it.each(Object.entries(files))('refuses a %s file and leaves no database in DATA_DIR', async (_kind, file) => {
    const dataDir = path.join(scratch, `data-${path.basename(file)}`);
    const { code, stderr } = await cli(['restore', file], dataDir);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^${escaped(file)} is not (a readable|an Apotheca) backup`));
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it.each([
    ['truncated', truncated],
    ['corrupted', corrupted],
  ])('refuses a %s backup before it makes a database in DATA_DIR', async (_kind, file) => {
    const dataDir = path.join(scratch, `data-${path.basename(file)}`);
    const { code, stderr } = await cli(['restore', file], dataDir);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^${escaped(file)} is not a readable backup`));
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('npm run backup of a DATA_DIR that does not exist', () => {
  it('refuses it with a message naming it and creates nothing there', async () => {
    const dataDir = path.join(scratch, 'mistyped');
    const { code, stderr } = await cli(['backup', path.join(scratch, 'shop.backup.gz')], dataDir);
    expect(code).toBe(1);
    expect(stderr).toContain(`DATA_DIR (${dataDir}) does not exist`);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('npm run backup -- FILE that exists', () => {
  // A mistyped name (another backup, a system file when run as root) was replaced without a word.
  it('refuses to overwrite it, says so in one line and leaves it as it was', async () => {
    const { serverUrl, template } = inject('testDatabase');
    const source = await createFreshPgDatabase(serverUrl, { template });
    const file = path.join(scratch, 'kept.txt');
    fs.writeFileSync(file, 'not a backup');
    try {
      const { code, stderr } = await cli(['backup', file], path.join(scratch, 'unused'), { DATABASE_URL: source.url });
      expect(stderr).toBe(`${file} already exists: name a new file, or a folder to write the backup in.\n`);
      expect(code).toBe(1);
      expect(fs.readFileSync(file, 'utf8')).toBe('not a backup');
    } finally {
      await source.drop();
    }
  });
});

describe('npm run backup with a setting it cannot use', () => {
  it.each([
    ['a bad variable', { PORT: 'eighty' }, /^Invalid configuration:\n {2}PORT: .*\n$/],
    [
      'a DATABASE_URL nothing answers on',
      { DATABASE_URL: 'postgres://apotheca:s3cret-pass@127.0.0.1:1/apotheca' },
      /^Connecting to the PostgreSQL of DATABASE_URL \(postgres:\/\/apotheca:\*\*\*@127\.0\.0\.1:1\/apotheca\) failed: .*ECONNREFUSED.*\n$/,
    ],
  ])('npm run backup with %s says so in one line and exits 1', async (_case, env, message) => {
    const { code, stderr } = await cli(
      ['backup', path.join(scratch, 'never.backup.gz')],
      path.join(scratch, 'unused'),
      env,
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(stderr).not.toContain('s3cret-pass');
  });
});

describe('npm run backup -- FOLDER', () => {
  it('writes the backup into that folder under its usual name, as into BACKUP_DIR, and restores from it', async () => {
    const { serverUrl, template } = inject('testDatabase');
    const source = await createFreshPgDatabase(serverUrl, { template });
    const folder = fs.mkdtempSync(path.join(scratch, 'folder-'));
    try {
      const { code, stdout, stderr } = await cli(['backup', folder], path.join(scratch, 'unused'), {
        DATABASE_URL: source.url,
      });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const written = fs.readdirSync(folder);
      expect(written).toEqual([expect.stringMatching(/^apotheca-.*\.backup\.gz$/)]);
      expect(stdout).toContain(`to ${path.join(folder, written[0] ?? '')} (`);
      const restored = await cli(['restore', path.join(folder, written[0] ?? '')], path.join(scratch, 'from-folder'));
      expect(restored.code).toBe(0);
    } finally {
      await source.drop();
    }
  });
});

describe('npm run restore into the database of DATABASE_URL', () => {
  it('says in one sentence where the shop now is', async () => {
    const { serverUrl, template } = inject('testDatabase');
    const source = await createFreshPgDatabase(serverUrl, { template });
    const target = await createFreshPgDatabase(serverUrl);
    const file = path.join(scratch, 'server.backup.gz');
    try {
      expect((await cli(['backup', file], path.join(scratch, 'unused'), { DATABASE_URL: source.url })).code).toBe(0);
      const { code, stdout } = await cli(['restore', file], path.join(scratch, 'unused'), {
        DATABASE_URL: target.url,
      });
      expect(code).toBe(0);
      expect(stdout).toMatch(
        new RegExp(`^The database of DATABASE_URL now holds the shop of ${escaped(file)}: \\d+ rows of \\d+ tables`),
      );
    } finally {
      await Promise.all([source.drop(), target.drop()]);
    }
  });
});
