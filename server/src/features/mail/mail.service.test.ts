import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mail.service';

// Without a mail server each mail is a file in the outbox folder, which only the app's user may read.

describe('the file outbox', () => {
  it('writes each mail to its own file, and makes the folder again when it was removed meanwhile', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-mailer-'));
    const outboxDir = path.join(dataDir, 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'shop@example.com', outboxDir }, () => {});
    try {
      const mail = (subject: string) => ({ to: 'ada@example.com', subject, text: `${subject} text` });
      await mailer.send(mail('First'));
      await mailer.send(mail('Second'));
      expect(fs.readdirSync(outboxDir)).toHaveLength(2);
      fs.rmSync(outboxDir, { recursive: true });
      await mailer.send(mail('Third'));
      const [file, ...others] = fs.readdirSync(outboxDir);
      expect(others).toEqual([]);
      expect(fs.readFileSync(path.join(outboxDir, file!), 'utf8')).toContain('Subject: Third');
      expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(outboxDir, file!)).mode & 0o777).toBe(0o600);
    } finally {
      mailer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
