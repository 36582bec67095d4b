import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';

// Every regular expression of the contract runs on what anyone sends, so none may backtrack
// super-linearly (ReDoS). recheck's pure-JavaScript backend decides it offline, without timing anything.
process.env.RECHECK_BACKEND = 'pure';
const { check } = await import('recheck');

const SOURCE_DIR = import.meta.dirname;

/** Regular expression literals written in the contract's sources (tests excluded). */
function literalPatterns(): { where: string; source: string; flags: string }[] {
  const found: { where: string; source: string; flags: string }[] = [];
  const files = fs
    .readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const text = fs.readFileSync(path.join(SOURCE_DIR, file), 'utf8');
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const literal = node.text;
        const end = literal.lastIndexOf('/');
        found.push({ where: file, source: literal.slice(1, end), flags: literal.slice(end + 1) });
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  }
  return found;
}

/** Patterns reachable from the contract's exports: RegExp constants and every zod `.regex()` check. */
function schemaPatterns(): { where: string; source: string; flags: string }[] {
  const found: { where: string; source: string; flags: string }[] = [];
  const seen = new Set<unknown>();
  const walk = (where: string, value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (value instanceof RegExp) {
      found.push({ where, source: value.source, flags: value.flags });
      return;
    }
    if (value instanceof z.ZodObject) walk(where, value.shape); // a lazy getter of its def
    // Schemas and their checks keep their definition (with a check's `pattern`) under `_zod.def`.
    if ('_zod' in value) {
      walk(where, (value as { _zod: { def: unknown } })._zod.def);
      return;
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) walk(where, child);
  };
  for (const [name, value] of Object.entries(contract)) walk(name, value);
  return found;
}

describe('regular expressions of the contract', () => {
  const patterns = [...literalPatterns(), ...schemaPatterns()];

  it('finds the patterns, the built ones included', () => {
    const sources = patterns.map((p) => p.source);
    expect(sources).toContain(contract.EMAIL_PATTERN.source);
    expect(sources).toContain(`^\\d{${contract.CARD_NUMBER_DIGITS}}$`);
  });

  // The analysis is CPU work that takes seconds on a busy machine; its duration is not what is tested.
  it('are all safe from ReDoS', { timeout: 120_000 }, async () => {
    const unique = [...new Map(patterns.map((p) => [`/${p.source}/${p.flags}`, p])).values()];
    const verdicts = await Promise.all(
      unique.map(async ({ where, source, flags }) => {
        const result = await check(source, flags);
        return `${where}: /${source}/${flags} ${result.status}`;
      }),
    );
    expect(verdicts.filter((verdict) => !verdict.endsWith(' safe'))).toEqual([]);
  });
});
