import { AUDIT_KIND, type AuditKind } from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../features/audit/audit.service';
import { useEarlierDatabase } from '../test/earlier-migrations';

describe('audit entries written before their totals were kept', () => {
  // The database starts at the migrations before the audit counts.
  const earlier = useEarlierDatabase('0018_order_counts_by_connection');

  it("are each counted once in the log's totals, and later entries after them", async () => {
    const { db } = earlier.database;
    const write = (kind: AuditKind) => db.execute(sql`insert into audit_log (kind) values (${kind})`);
    await write(AUDIT_KIND.batchReceived);
    await write(AUDIT_KIND.batchReceived);
    await write(AUDIT_KIND.roleChanged);
    await earlier.database.migrate();

    const totals = async () => ({
      all: (await listAudit(db, { subject: undefined, page: 1 })).total,
      received: (await listAudit(db, { kind: AUDIT_KIND.batchReceived, subject: undefined, page: 1 })).total,
      role: (await listAudit(db, { kind: AUDIT_KIND.roleChanged, subject: undefined, page: 1 })).total,
      recalled: (await listAudit(db, { kind: AUDIT_KIND.batchRecalled, subject: undefined, page: 1 })).total,
    });
    expect(await totals()).toEqual({ all: 3, received: 2, role: 1, recalled: 0 });
    await write(AUDIT_KIND.roleChanged);
    expect(await totals()).toEqual({ all: 4, received: 2, role: 2, recalled: 0 });
  });
});
