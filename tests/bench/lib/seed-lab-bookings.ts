import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/database';
import { recordSchemaId } from '../../../src/shared/resource/resource-definition';
import { LAB } from '../../server/helpers/resource-fixtures';

export const LAB_STATES = ['draft', 'submitted', 'submitted', 'returned', 'approved', 'approved', 'rejected'];

/**
 * `count` bookings of the fixture resource spread over the owners, 7 states and 90 days, generated in
 * the database. The counting trigger is off for the bulk load and the counts are rebuilt after it, as
 * a bulk import would; the same SQL runs on PostgreSQL and PGlite.
 */
export async function seedLabBookings(db: Db, owners: readonly string[], count: number): Promise<void> {
  await db.execute(sql`ALTER TABLE records DISABLE TRIGGER records_counts`);
  await db.execute(sql`
    INSERT INTO records (resource, owner_id, status, version, schema_id, schema_version, data, created_at, updated_at)
    SELECT ${LAB}, (${`{${owners.join(',')}}`}::uuid[])[1 + i % ${owners.length}], (${`{${LAB_STATES.join(',')}}`}::text[])[1 + i % 7], 1, ${recordSchemaId(LAB)}, 'bench',
           jsonb_build_object('subject', '压测预约-' || i, 'instrument', '高分辨质谱仪', 'field', '0' || (1 + i % 8), 'hours', 1 + i % 72, 'contactPhone', '13912345678'),
           now() - (i % 129600) * interval '1 minute', now() - (i % 129600) * interval '1 minute'
    FROM generate_series(1, ${count}) AS i`);
  await db.execute(sql`ALTER TABLE records ENABLE TRIGGER records_counts`);
  await db.execute(sql`
    INSERT INTO record_counts (resource, scope, status, n)
    SELECT resource, scope, status, count(*) FROM (
      SELECT resource, '*' AS scope, status FROM records
      UNION ALL SELECT resource, 'u:' || owner_id::text, status FROM records WHERE owner_id IS NOT NULL
      UNION ALL SELECT resource, 'o:' || org_id::text, status FROM records WHERE org_id IS NOT NULL
    ) AS s GROUP BY resource, scope, status
    ON CONFLICT (resource, scope, status) DO UPDATE SET n = EXCLUDED.n`);
  await db.execute(sql`ANALYZE records`);
}
