import type { Db } from '../../platform/db/pool.js';

/**
 * The catalogue image store (table catalogue_images, created with the
 * catalogue): one row per image, width and format. The catalogue module's
 * media route reads it; this module writes the staff uploads into it.
 */
export async function insertImageVariants(
  db: Db,
  id: string,
  variants: readonly { width: number; height: number; format: 'jpg' | 'webp'; content: Buffer }[],
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO catalogue_images (id, width, height, format, content, created_at)
     SELECT $1, w, h, f, c, $6 FROM unnest($2::int[], $3::int[], $4::text[], $5::bytea[]) AS x(w, h, f, c)`,
    [
      id,
      variants.map((v) => v.width),
      variants.map((v) => v.height),
      variants.map((v) => v.format),
      variants.map((v) => v.content),
      now,
    ],
  );
}

export async function imageExists(db: Db, id: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM catalogue_images WHERE id = $1 LIMIT 1', [id]);
  return (r.rowCount ?? 0) > 0;
}
