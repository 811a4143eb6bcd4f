import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('the embedded database', () => {
  it('runs with small shared buffers, not the 128 MB of a dedicated server', async () => {
    // On a data folder, as npm start runs it.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-pglite-'));
    const database = openDatabase({ dataDir });
    try {
      const result = await database.db.execute<{ shared_buffers: string }>(
        sql`show shared_buffers`,
      );
      const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
      expect(rows[0]).toEqual({ shared_buffers: '16MB' });
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
